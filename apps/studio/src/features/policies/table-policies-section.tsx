import { AlertTriangle, Lock, Plus, ShieldCheck, ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import type { Policy, Table } from '../../data/pg-meta/types.ts';
import { PolicyRow } from './policy-row.tsx';

interface TablePoliciesSectionProps {
  projectRef: string;
  table: Table;
  policies: Policy[];
  isLocked: boolean;
  canWritePolicies: boolean;
  canToggleRls: boolean;
  onNewPolicy: () => void;
  onToggleRls: () => void;
  onEditPolicy: (policy: Policy) => void;
  onDeletePolicy: (policy: Policy) => void;
}

/** One table on the policies page: header with badge and actions, then its policies or empty state. */
export function TablePoliciesSection(props: TablePoliciesSectionProps) {
  const { projectRef, table, policies, isLocked, canWritePolicies, canToggleRls } = props;
  return (
    <section className="overflow-hidden rounded-lg border border-line bg-surface" data-testid={`policies-table-${table.name}`} aria-label={`Policies of ${table.name}`}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <Link to={`/project/${projectRef}/editor/${table.id}`} className="truncate font-mono text-sm font-medium text-fg hover:text-brand hover:underline">
            {table.name}
          </Link>
          {isLocked ? (
            <Badge tone="neutral"><Lock className="size-3" aria-hidden />Locked</Badge>
          ) : table.rls_enabled ? (
            <Badge tone="success" dot>RLS enabled</Badge>
          ) : (
            <Badge tone="warning" dot>RLS disabled</Badge>
          )}
        </div>
        {!isLocked && (
          <div className="flex items-center gap-2">
            <DisabledTooltip content="You need additional permissions to toggle RLS" isDisabled={!canToggleRls}>
              <Button
                size="sm"
                variant={table.rls_enabled ? 'outline' : 'warning'}
                icon={table.rls_enabled ? <ShieldOff className="size-3.5" /> : <ShieldCheck className="size-3.5" />}
                disabled={!canToggleRls}
                onClick={props.onToggleRls}
              >
                {table.rls_enabled ? 'Disable RLS' : 'Enable RLS'}
              </Button>
            </DisabledTooltip>
            <DisabledTooltip content="You need additional permissions to create RLS policies" isDisabled={!canWritePolicies}>
              <Button size="sm" variant="default" icon={<Plus className="size-3.5" />} disabled={!canWritePolicies} onClick={props.onNewPolicy}>
                New Policy
              </Button>
            </DisabledTooltip>
          </div>
        )}
      </header>
      {!table.rls_enabled && !isLocked && policies.length > 0 && <RlsOffWarning />}
      {policies.length === 0 ? (
        <div className="space-y-3 px-4 py-5 text-sm">
          <p className="text-fg-muted">No policies created yet</p>
          {table.rls_enabled ? (
            <p className="text-fg-subtle">RLS is enabled - create a policy to allow access to this table.</p>
          ) : (
            !isLocked && <RlsOffWarning isInline />
          )}
        </div>
      ) : (
        <ul className="divide-y divide-line">
          {policies.map((policy) => (
            <PolicyRow
              key={policy.id}
              policy={policy}
              isLocked={isLocked}
              canEdit={canWritePolicies}
              onEdit={() => props.onEditPolicy(policy)}
              onDelete={() => props.onDeletePolicy(policy)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function RlsOffWarning({ isInline = false }: { isInline?: boolean }) {
  return (
    <div role="note" className={isInline ? 'flex items-start gap-2 rounded-md border border-warning/30 bg-warning/5 px-3 py-2.5' : 'flex items-start gap-2 border-b border-warning/30 bg-warning/5 px-4 py-2.5 text-sm'}>
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div className="space-y-0.5">
        <p className="font-medium text-warning">Warning: RLS is disabled. Your table is publicly readable and writable.</p>
        <p className="text-fg-muted">Anyone with your project's anonymous key can modify or delete your data. Enable RLS and create access policies to keep your data secure.</p>
      </div>
    </div>
  );
}
