import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useSubscriptionQuery } from '../../data/billing/subscription-query.ts';
import { PaymentMethodPanel } from './payment-method-panel.tsx';
import { PlanSidePanel } from './plan-side-panel.tsx';
import { SpendCapPanel } from './spend-cap-panel.tsx';
import { useSubscriptionGate } from './subscription-gate.ts';

const day = (unix: number) => new Date(unix * 1000).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** Organisation > Billing: the plan (its side panel at ?panel=subscriptionPlan), the spend cap, how it pays. */
export function BillingView({ slug }: { slug: string }) {
  const subscription = useSubscriptionQuery(slug);
  const gate = useSubscriptionGate(slug, subscription.data);
  const [params, setParams] = useSearchParams();
  const setPanel = (panel: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (panel) next.set('panel', panel);
      else next.delete('panel');
      return next;
    });

  if (subscription.isPending) return <SkeletonRows rows={4} />;
  if (subscription.isError) return <ErrorState error={subscription.error} title="Failed to load the subscription" onRetry={() => void subscription.refetch()} />;
  const data = subscription.data;
  return (
    <div className="space-y-6">
      <Panel
        title="Subscription plan"
        description={`Current billing cycle: ${day(data.current_period_start)} – ${day(data.current_period_end)}`}
        actions={
          <Button variant="primary" onClick={() => setPanel('subscriptionPlan')}>
            Change subscription plan
          </Button>
        }
        testId="current-plan-panel"
      >
        <p className="text-sm text-fg">
          This organization is on the <strong data-testid="current-plan-name">{data.plan.name}</strong> plan.
        </p>
        {gate.reason && <p className="mt-2 text-xs text-fg-subtle">{gate.reason}</p>}
      </Panel>
      <SpendCapPanel slug={slug} subscription={data} gateReason={gate.reason} />
      <PaymentMethodPanel slug={slug} subscription={data} gateReason={gate.reason} />
      <PlanSidePanel slug={slug} subscription={data} open={params.get('panel') === 'subscriptionPlan'} onClose={() => setPanel(null)} gateReason={gate.reason} />
    </div>
  );
}
