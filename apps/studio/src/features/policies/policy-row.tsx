import { MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { DisabledTooltip, Tooltip } from '../../components/ui/tooltip.tsx';
import type { Policy } from '../../data/pg-meta/types.ts';

/** Roles shown per policy row before "+ N more roles" (spec §9). */
export const MAX_ROLES_SHOWN = 3;

interface PolicyRowProps {
  policy: Policy;
  isLocked: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function PolicyRow({ policy, isLocked, canEdit, onEdit, onDelete }: PolicyRowProps) {
  const shown = policy.roles.slice(0, MAX_ROLES_SHOWN);
  const rest = policy.roles.slice(MAX_ROLES_SHOWN);
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid={`policy-row-${policy.name}`}>
      <Badge tone="info" className="mt-0.5 w-16 justify-center font-mono">{policy.command}</Badge>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm font-medium text-fg">{policy.name}</p>
        <p className="text-xs text-fg-muted">
          Applied to:{' '}
          {shown.map((role, index) => (
            <span key={role}>
              <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-[11px] text-fg">{role}</code>
              {index < shown.length - 1 ? ' ' : ''}
            </span>
          ))}
          {rest.length > 0 && (
            <>
              {' '}
              <Tooltip content={rest.join(', ')}>
                <span tabIndex={0} className="cursor-default underline decoration-dotted underline-offset-2">
                  + {rest.length} more roles
                </span>
              </Tooltip>
            </>
          )}
        </p>
        {(policy.definition || policy.check) && (
          <p className="truncate font-mono text-[11px] text-fg-subtle" title={[policy.definition, policy.check].filter(Boolean).join(' / ')}>
            {policy.definition && <>USING ({policy.definition})</>}
            {policy.definition && policy.check && ' '}
            {policy.check && <>WITH CHECK ({policy.check})</>}
          </p>
        )}
      </div>
      {!isLocked && (
        <DisabledTooltip content="You need additional permissions to edit RLS policies" isDisabled={!canEdit}>
          <DropdownMenu>
            <DropdownMenuTrigger asChild disabled={!canEdit}>
              <Button variant="ghost" size="sm" aria-label={`Actions for policy ${policy.name}`} disabled={!canEdit} icon={<MoreVertical className="size-4" />} />
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem icon={<Pencil />} onSelect={onEdit}>Edit policy</DropdownMenuItem>
              <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={onDelete}>Delete policy</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </DisabledTooltip>
      )}
    </li>
  );
}
