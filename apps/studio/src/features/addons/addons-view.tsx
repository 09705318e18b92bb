import { Link, useSearchParams } from 'react-router';
import type { AddonType, ProjectAddon } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectAddonsQuery } from '../../data/billing/addons-query.ts';
import { cn } from '../../lib/cn.ts';

/** The spec's ?panel= names for each add-on. */
const PANEL_OF: Record<AddonType, string> = { compute_instance: 'compute', pitr: 'pitr', custom_domain: 'custom_domain', ipv4: 'ipv4' };

function AddonPanel({ projectRef, addon, isFocused }: { projectRef: string; addon: ProjectAddon; isFocused: boolean }) {
  return (
    <Panel
      title={addon.name}
      description={addon.price ? `Pricing: ${addon.price}` : undefined}
      actions={<Badge tone={addon.enabled ? 'success' : 'neutral'}>{addon.enabled ? (addon.variant ?? 'Enabled') : 'Not enabled'}</Badge>}
      className={cn(isFocused && 'ring-2 ring-brand')}
      testId={`addon-${PANEL_OF[addon.type]}`}
    >
      <div className="space-y-2 text-sm">
        <p className="text-fg-muted">{addon.description}</p>
        {addon.type === 'compute_instance' && addon.variant && <p className="text-fg">{addon.variant}</p>}
        {addon.unavailable_reason ? (
          <p className="text-fg-subtle" data-testid="addon-unavailable">{addon.unavailable_reason}</p>
        ) : addon.type === 'pitr' ? (
          <Link to={`/project/${projectRef}/database/backups/scheduled`} className="text-brand hover:underline">
            {addon.enabled ? 'Manage point in time recovery' : 'Enable point in time recovery'}
          </Link>
        ) : null}
      </div>
    </Panel>
  );
}

/** Project Settings > Add-ons (`?panel=compute|pitr|custom_domain|ipv4` brings one into focus). */
export function AddonsView({ projectRef }: { projectRef: string }) {
  const addons = useProjectAddonsQuery(projectRef);
  const [params] = useSearchParams();
  if (addons.isPending) return <SkeletonRows rows={4} />;
  if (addons.isError) return <ErrorState error={addons.error} title="Failed to load add-ons" onRetry={() => void addons.refetch()} />;
  const { plan, organization_slug: slug } = addons.data;
  const focused = params.get('panel');
  return (
    <div className="space-y-6">
      {plan.id === 'free' && (
        <Panel testId="addons-upgrade-prompt">
          <div className="flex items-center justify-between gap-4 text-sm">
            <p className="text-fg-muted">Add-ons are available on paid plans. Your organization is on the Free plan.</p>
            <ButtonLink variant="primary" to={`/org/${encodeURIComponent(slug)}/billing?panel=subscriptionPlan`}>Upgrade plan</ButtonLink>
          </div>
        </Panel>
      )}
      {addons.data.addons.map((addon) => (
        <AddonPanel key={addon.type} projectRef={projectRef} addon={addon} isFocused={focused === PANEL_OF[addon.type]} />
      ))}
    </div>
  );
}
