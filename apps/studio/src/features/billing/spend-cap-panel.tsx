import { toast } from 'sonner';
import type { Subscription } from '@plinth/api-contract';
import { Panel } from '../../components/ui/panel.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useSubscriptionUpdateMutation } from '../../data/billing/subscription-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** Spend cap on = usage billing off: usage stops at what the plan includes. Free is always capped. */
export function SpendCapPanel({ slug, subscription, gateReason }: { slug: string; subscription: Subscription; gateReason: string | null }) {
  const update = useSubscriptionUpdateMutation(slug);
  const isFree = subscription.plan.id === 'free';
  const reason = gateReason ?? (isFree ? 'The Free plan is always capped: upgrade to bill usage beyond it.' : null);
  const capped = !subscription.usage_billing_enabled;
  return (
    <Panel
      title="Spend cap"
      description={capped ? 'Usage is capped at what your plan includes.' : 'Usage beyond your plan is billed at the catalogue prices.'}
      actions={
        <Tooltip content={reason} isEnabled={!!reason}>
          <span className="inline-flex">
            <Switch
              aria-label="Spend cap"
              checked={capped}
              disabled={!!reason || update.isPending}
              onChange={(nextCapped) =>
                update.mutate({ usage_billing_enabled: !nextCapped }, { onError: (error) => toast.error(`Failed to update spend cap: ${errorMessage(error)}`) })
              }
            />
          </span>
        </Tooltip>
      }
      testId="spend-cap-panel"
    />
  );
}
