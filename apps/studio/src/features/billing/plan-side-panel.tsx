import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DowngradeBlocker, Subscription } from '@plinth/api-contract';
import { COMPARISON_FEATURES, PLAN_CATALOGUE, PLANS, type Plan } from '@plinth/plans';
import { Badge } from '../../components/ui/badge.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useSubscriptionUpdateMutation } from '../../data/billing/subscription-update-mutation.ts';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { EnterpriseContactForm } from './enterprise-contact-form.tsx';
import { GatedButton } from './gated-button.tsx';

interface PlanSidePanelProps {
  slug: string;
  subscription: Subscription;
  open: boolean;
  onClose: () => void;
  gateReason: string | null;
}

/** The blockers the server listed when it refused a plan change. */
function blockersOf(error: unknown): DowngradeBlocker[] {
  if (!isApiError(error) || error.code !== 'plan_downgrade_blocked') return [];
  return ((error.details as { blockers?: DowngradeBlocker[] } | undefined)?.blockers) ?? [];
}

/** `?panel=subscriptionPlan`: the plans from the catalogue, their comparison, and changing plan. */
export function PlanSidePanel({ slug, subscription, open, onClose, gateReason }: PlanSidePanelProps) {
  const update = useSubscriptionUpdateMutation(slug);
  const [blockers, setBlockers] = useState<DowngradeBlocker[]>([]);
  const current = subscription.plan.id;
  const rank = (plan: Plan) => PLANS.indexOf(plan);

  const choose = (plan: Plan) => {
    setBlockers([]);
    update.mutate(
      { plan },
      {
        onSuccess: (next) => toast.success(`Your organization is now on the ${next.plan.name} plan`),
        onError: (error) => {
          setBlockers(blockersOf(error));
          toast.error(`Failed to change plan: ${errorMessage(error)}`);
        },
      },
    );
  };

  return (
    <SidePanel open={open} onRequestClose={onClose} title="Change subscription plan" size="xlarge" testId="plan-side-panel">
      <div className="space-y-6">
        {blockers.length > 0 && (
          <div role="alert" className="space-y-1 rounded-lg border border-warning/40 bg-warning/5 px-4 py-3 text-sm" data-testid="plan-blockers">
            <p className="font-medium text-fg">Change these before moving plan:</p>
            <ul className="list-disc pl-5 text-fg-muted">{blockers.map((b, i) => <li key={i}>{b.message}</li>)}</ul>
          </div>
        )}
        <div className="grid grid-cols-1 gap-3 md:grid-cols-4">
          {PLAN_CATALOGUE.map((entry) => {
            const plan = entry.id.replace('tier_', '') as Plan;
            const isCurrent = plan === current;
            return (
              <div key={entry.id} className="flex flex-col gap-2 rounded-lg border border-line p-4" data-testid={`plan-card-${plan}`}>
                <div className="flex items-center justify-between">
                  <h3 className="font-semibold text-fg">{entry.name}</h3>
                  {isCurrent && <Badge tone="brand">Current plan</Badge>}
                </div>
                <p className="text-sm text-fg-muted">{entry.priceLabel}</p>
                {entry.warning && <p className="text-xs text-warning">{entry.warning}</p>}
                <div className="mt-auto space-y-2 pt-2">
                  {plan === 'enterprise' ? (
                    <EnterpriseContactForm slug={slug} />
                  ) : isCurrent ? null : (
                    <GatedButton
                      reason={gateReason}
                      variant={rank(plan) > rank(current) ? 'primary' : 'default'}
                      isLoading={update.isPending && update.variables?.plan === plan}
                      onClick={() => choose(plan)}
                    >
                      {rank(plan) > rank(current) ? `Upgrade to ${entry.name}` : `Downgrade to ${entry.name}`}
                    </GatedButton>
                  )}
                  {plan !== 'enterprise' && (
                    <Link to={`/new/${encodeURIComponent(slug)}?plan=${plan}`} className="block text-xs text-brand hover:underline">
                      New project on {entry.name}
                    </Link>
                  )}
                </div>
              </div>
            );
          })}
        </div>
        <Table label="Plan comparison">
          <thead>
            <tr>
              <Th>Feature</Th>
              {PLAN_CATALOGUE.map((entry) => <Th key={entry.id}>{entry.name}</Th>)}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_FEATURES.map((feature) => (
              <tr key={feature.title}>
                <Td className="font-medium">{feature.title}</Td>
                {PLAN_CATALOGUE.map((entry) => <Td key={entry.id}>{feature.plans[entry.id]}</Td>)}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </SidePanel>
  );
}
