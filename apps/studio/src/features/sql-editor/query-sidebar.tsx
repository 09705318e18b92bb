import { BookOpen, Plus, Rocket } from 'lucide-react';
import { NavLink } from 'react-router';
import type { Snippet } from '@plinth/api-contract';
import { ButtonLink } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { SnippetGroup } from './snippet-group.tsx';
import type { SnippetAction } from './use-snippet-actions.tsx';
import { NO_SAVE_PERMISSION_MESSAGE } from './use-snippet-autosave.ts';

interface QuerySidebarProps {
  projectRef: string;
  canCreate: boolean;
  onAction: (action: SnippetAction, snippet: Snippet) => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex h-7 items-center gap-2 rounded-md px-2 text-sm', isActive ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg');

/** The SQL editor sidebar: 'New query', Templates, Quickstarts, and the three groups of saved queries. */
export function QuerySidebar({ projectRef, canCreate, onAction }: QuerySidebarProps) {
  const base = `/project/${projectRef}/sql`;
  return (
    <nav aria-label="SQL editor" data-testid="sql-sidebar" className="flex h-full w-64 shrink-0 flex-col border-r border-line bg-surface">
      <div className="flex h-12 shrink-0 items-center border-b border-line px-4">
        <h2 className="text-sm font-semibold text-fg">SQL Editor</h2>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-2 py-3">
        <div className="space-y-1">
          <ButtonLink to={`${base}/new`} variant="default" size="sm" className="w-full" icon={<Plus className="size-3.5" />}>
            New query
          </ButtonLink>
          {!canCreate && (
            <p role="note" className="px-1 pt-1 text-xs text-fg-subtle" data-testid="sql-no-save-permission">
              {NO_SAVE_PERMISSION_MESSAGE}
            </p>
          )}
        </div>
        <div className="space-y-px">
          <NavLink to={`${base}/templates`} className={linkClass}>
            <BookOpen className="size-3.5" aria-hidden /> Templates
          </NavLink>
          <NavLink to={`${base}/quickstarts`} className={linkClass}>
            <Rocket className="size-3.5" aria-hidden /> Quickstarts
          </NavLink>
        </div>
        <SnippetGroup projectRef={projectRef} title="Favorites" filter={{ favorite: true }} canCreate={canCreate} onAction={onAction} testId="snippets-favorites" />
        <SnippetGroup
          projectRef={projectRef}
          title="Project queries"
          filter={{ visibility: 'project', favorite: false }}
          canCreate={canCreate}
          onAction={onAction}
          testId="snippets-project"
        />
        <SnippetGroup
          projectRef={projectRef}
          title="Your queries"
          filter={{ visibility: 'user', favorite: false }}
          canCreate={canCreate}
          onAction={onAction}
          testId="snippets-user"
        />
      </div>
    </nav>
  );
}
