import { Copy, Download, Edit2, MoreHorizontal, Share2, Star, Trash2, Users } from 'lucide-react';
import { NavLink } from 'react-router';
import type { Snippet } from '@plinth/api-contract';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import type { SnippetAction } from './use-snippet-actions.tsx';

interface SnippetRowProps {
  projectRef: string;
  snippet: Snippet;
  canCreate: boolean;
  onAction: (action: SnippetAction, snippet: Snippet) => void;
}

/** One saved query in the sidebar, with its menu: Rename, Share, Duplicate personal copy, Download, Delete. */
export function SnippetRow({ projectRef, snippet, canCreate, onAction }: SnippetRowProps) {
  const isProject = snippet.visibility === 'project';
  return (
    <li className="group relative" data-testid={`snippet-${snippet.id}`}>
      <NavLink
        to={`/project/${projectRef}/sql/${snippet.id}`}
        title={snippet.description ?? snippet.name}
        className={({ isActive }) =>
          cn('flex h-7 items-center gap-2 rounded-md pl-2 pr-7 text-sm', isActive ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg')
        }
      >
        {isProject ? <Users className="size-3.5 shrink-0 text-fg-subtle" aria-label="Project query" /> : null}
        <span className="truncate">{snippet.name}</span>
        {snippet.content.favorite && <Star className="size-3 shrink-0 fill-warning text-warning" aria-label="Favorite" />}
      </NavLink>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Actions for ${snippet.name}`}
          className="absolute right-1 top-1 rounded p-0.5 text-fg-subtle opacity-0 hover:bg-surface-3 hover:text-fg focus:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100"
        >
          <MoreHorizontal className="size-4" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem icon={<Edit2 />} disabled={!snippet.can_edit} onSelect={() => onAction('rename', snippet)}>
            Rename query
          </DropdownMenuItem>
          {!isProject && (
            <DropdownMenuItem icon={<Share2 />} disabled={!canCreate || !snippet.can_edit} onSelect={() => onAction('share', snippet)}>
              Share query
            </DropdownMenuItem>
          )}
          {isProject && (
            <DropdownMenuItem icon={<Copy />} disabled={!canCreate} onSelect={() => onAction('duplicate', snippet)}>
              Duplicate personal copy
            </DropdownMenuItem>
          )}
          <DropdownMenuItem icon={<Download />} onSelect={() => onAction('download', snippet)}>
            Download as migration file
          </DropdownMenuItem>
          <DropdownMenuItem icon={<Star />} disabled={!snippet.can_edit} onSelect={() => onAction('favorite', snippet)}>
            {snippet.content.favorite ? 'Remove from favorites' : 'Add to favorites'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem icon={<Trash2 />} tone="danger" disabled={!snippet.can_edit} onSelect={() => onAction('delete', snippet)}>
            Delete query
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
