import { Copy, Download, Edit2, MoreHorizontal, ShieldCheck, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import type { Entity } from '../../data/entities/entity-types.ts';
import { EntityIcon } from './entity-icon.tsx';

export type EntityAction = 'edit' | 'duplicate' | 'export' | 'delete';

interface EntityRowProps {
  projectRef: string;
  entity: Entity;
  isSelected: boolean;
  /** The schema is protected: no row menu at all. */
  isLocked: boolean;
  canWrite: boolean;
  onAction: (action: EntityAction, entity: Entity) => void;
}

/**
 * One entity, 28 px high. The menu appears only for the selected entity when it is a TABLE in an
 * unlocked schema (spec: Edit Table, Duplicate Table, View Policies, Export as CSV, Delete Table).
 */
export function EntityRow({ projectRef, entity, isSelected, isLocked, canWrite, onAction }: EntityRowProps) {
  const navigate = useNavigate();
  const hasMenu = isSelected && entity.type === 'table' && !isLocked;
  return (
    <div className={cn('group flex h-7 items-center rounded-md pr-1', isSelected ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg')} data-testid={`entity-${entity.name}`}>
      <Link
        to={`/project/${projectRef}/editor/${entity.id}?schema=${encodeURIComponent(entity.schema)}`}
        aria-current={isSelected ? 'page' : undefined}
        title={entity.comment ?? entity.name}
        className="flex h-full min-w-0 flex-1 items-center gap-2 pl-2 text-sm"
      >
        <span className="shrink-0 text-fg-subtle">
          <EntityIcon type={entity.type} />
        </span>
        <span className="truncate">{entity.name}</span>
      </Link>
      {hasMenu && (
        <DropdownMenu>
          <DropdownMenuTrigger aria-label={`Actions for ${entity.name}`} className="rounded p-0.5 text-fg-subtle hover:bg-line-strong hover:text-fg" data-testid="entity-menu">
            <MoreHorizontal className="size-4" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem icon={<Edit2 />} disabled={!canWrite} onSelect={() => onAction('edit', entity)}>
              Edit Table
            </DropdownMenuItem>
            <DropdownMenuItem icon={<Copy />} disabled={!canWrite} onSelect={() => onAction('duplicate', entity)}>
              Duplicate Table
            </DropdownMenuItem>
            <DropdownMenuItem icon={<ShieldCheck />} onSelect={() => void navigate(`/project/${projectRef}/auth/policies?search=${entity.id}`)}>
              View Policies
            </DropdownMenuItem>
            <DropdownMenuItem icon={<Download />} onSelect={() => onAction('export', entity)}>
              Export as CSV
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem icon={<Trash2 />} tone="danger" disabled={!canWrite} onSelect={() => onAction('delete', entity)}>
              Delete Table
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
