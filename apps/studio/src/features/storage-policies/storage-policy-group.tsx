import { Archive, Plus } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import type { Policy } from '../../data/pg-meta/types.ts';
import { PolicyRow } from '../policies/policy-row.tsx';
import { groupFooter, UNGROUPED, type StoragePolicyGroup } from './storage-policy-groups.ts';

interface StoragePolicyGroupPanelProps {
  group: StoragePolicyGroup;
  canWritePolicies: boolean;
  onNewPolicy: () => void;
  onEditPolicy: (policy: Policy) => void;
  onDeletePolicy: (policy: Policy) => void;
}

/** Test ids name the group: a bucket by its id, the other two by their table. */
export function groupTestId(group: StoragePolicyGroup): string {
  return group.kind === 'bucket' ? `storage-policies-bucket-${group.bucket.id}` : `storage-policies-${group.kind}`;
}

/** One group of the storage policies page: header with 'New policy', its policies and a footer count. */
export function StoragePolicyGroupPanel({ group, canWritePolicies, onNewPolicy, onEditPolicy, onDeletePolicy }: StoragePolicyGroupPanelProps) {
  return (
    <section className="overflow-hidden rounded-lg border border-line bg-surface" data-testid={groupTestId(group)} aria-label={group.label}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <Archive className="size-4 shrink-0 text-fg-muted" aria-hidden />
          <h2 className={group.kind === 'bucket' ? 'truncate font-mono text-sm font-medium text-fg' : 'truncate text-sm font-medium text-fg'}>{group.label}</h2>
          {group.kind === 'bucket' && group.bucket.public && <Badge tone="warning">Public</Badge>}
          {group.kind === 'other-objects' && <Badge tone="neutral">{UNGROUPED}</Badge>}
        </div>
        <DisabledTooltip content="You need additional permissions to create RLS policies" isDisabled={!canWritePolicies}>
          <Button size="sm" variant="outline" icon={<Plus className="size-3.5" />} disabled={!canWritePolicies} onClick={onNewPolicy}>
            New policy
          </Button>
        </DisabledTooltip>
      </header>
      {group.policies.length === 0 ? (
        <p className="px-4 py-4 text-sm text-fg-muted">No policies created yet</p>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {group.policies.map((policy) => (
              <PolicyRow
                key={policy.id}
                policy={policy}
                isLocked={false}
                canEdit={canWritePolicies}
                onEdit={() => onEditPolicy(policy)}
                onDelete={() => onDeletePolicy(policy)}
              />
            ))}
          </ul>
          <p className="border-t border-line bg-surface-2/50 px-4 py-2 text-xs text-fg-muted" data-testid="storage-policies-footer">
            {groupFooter(group)}
          </p>
        </>
      )}
    </section>
  );
}
