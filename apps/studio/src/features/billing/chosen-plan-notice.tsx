import { Link, useSearchParams } from 'react-router';
import type { Organization } from '@plinth/api-contract';
import { isPlan, PLAN_NAMES } from '@plinth/plans';

/**
 * The plan pages link here with `?plan=free|pro|team`. A project takes its organisation's plan, so
 * when the organisation is on another one this says so and links to the plan panel.
 */
export function ChosenPlanNotice({ organization }: { organization: Organization }) {
  const [params] = useSearchParams();
  const chosen = params.get('plan');
  if (!isPlan(chosen)) return null;
  const current = organization.plan.id;
  return (
    <div role="note" className="mb-4 rounded-lg border border-line bg-surface-2 px-4 py-3 text-sm text-fg-muted" data-testid="chosen-plan-notice">
      {chosen === current ? (
        <>This project will be on the {PLAN_NAMES[chosen]} plan of {organization.name}.</>
      ) : (
        <>
          You chose the {PLAN_NAMES[chosen]} plan; {organization.name} is on the {PLAN_NAMES[current]} plan, and its projects share it.{' '}
          <Link className="text-brand underline" to={`/org/${encodeURIComponent(organization.slug)}/billing?panel=subscriptionPlan`}>
            Change the organization's plan
          </Link>
        </>
      )}
    </div>
  );
}
