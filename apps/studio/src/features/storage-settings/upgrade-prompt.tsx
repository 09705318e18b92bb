import { ArrowUpCircle } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';

/**
 * The free plan's upload limit is fixed (spec §9); this says why and where to change the plan. The
 * button needs billing write on subscriptions (spec §6).
 */
export function UpgradePrompt({ slug }: { slug: string | undefined }) {
  const canUpgrade = useCan(slug, Action.BILLING_WRITE, Resource.SUBSCRIPTIONS);
  return (
    <div role="note" className="flex flex-wrap items-center gap-3 rounded-md border border-line-strong bg-surface-2 px-4 py-3" data-testid="storage-upgrade-prompt">
      <ArrowUpCircle className="size-4 shrink-0 text-brand" aria-hidden />
      <p className="min-w-0 flex-1 text-sm text-fg">Upgrade to the Pro plan for a configurable upload file size limit of up to 5 GB</p>
      {canUpgrade && slug ? (
        <ButtonLink to={`/org/${slug}/billing?panel=subscriptionPlan`} variant="primary" size="sm">
          Upgrade to Pro
        </ButtonLink>
      ) : (
        <DisabledTooltip isDisabled content="You need additional permissions to amend subscriptions">
          <Button variant="primary" size="sm" disabled>
            Upgrade to Pro
          </Button>
        </DisabledTooltip>
      )}
    </div>
  );
}
