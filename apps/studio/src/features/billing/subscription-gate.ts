import { Action, Resource } from '@plinth/permissions';
import type { Subscription } from '@plinth/api-contract';
import { useCan } from '../../data/permissions/can.ts';

/** Spec document 2 §6, verbatim. */
export const SUBSCRIPTION_CHANGES_DISABLED = 'Subscription changes are currently disabled. Our engineers are working on a fix.';
export const NO_SUBSCRIPTION_PERMISSION = 'You need additional permissions to amend subscriptions';

/**
 * Whether the caller may change the subscription, and the tooltip when not: the operator's switch
 * first (it applies to everyone), then billing write permission. The server checks both itself.
 */
export function useSubscriptionGate(slug: string, subscription: Subscription | undefined): { canChange: boolean; reason: string | null } {
  const mayWrite = useCan(slug, Action.BILLING_WRITE, Resource.SUBSCRIPTIONS);
  if (subscription && !subscription.changes_enabled) return { canChange: false, reason: SUBSCRIPTION_CHANGES_DISABLED };
  if (!mayWrite) return { canChange: false, reason: NO_SUBSCRIPTION_PERMISSION };
  return { canChange: true, reason: null };
}
