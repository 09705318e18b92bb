/**
 * An organisation's subscription (Organisation > Billing): its plan, the spend cap and how it pays.
 * Members with billing write change it; the operator can switch changes off for everyone
 * (PLINTH_SUBSCRIPTION_CHANGES=off), answered with the spec's message. A move to a plan is refused,
 * with every reason, while the organisation uses what that plan lacks (plan-downgrade.ts). The new
 * plan's limits apply from the next request (services read `limits(plan)` from the row).
 */
import type { BodyOf, Subscription, SupportTicket } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { isPaidPlan, PLAN_NAMES, type Plan } from '@plinth/plans';
import { authorize, membershipBySlug, type OrganizationRow } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { paymentProvider, presentPaymentMethod, type PaymentDetails } from './payment-providers.ts';
import { planChangeBlockers } from './plan-downgrade.ts';
import { emitOrganizationEvent } from './org-webhooks/index.ts';
import { queueDiskQuotaCheck } from './read-only-mode.ts';
import { createTicket } from './support.ts';

interface BillingRow extends OrganizationRow {
  payment_provider: string;
  payment_details: PaymentDetails | null;
  billing_cycle_anchor: Date | string | null;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The monthly cycle that contains `now`, counted in whole months from the anchor. */
export function billingPeriod(anchor: Date, now = new Date()): { start: Date; end: Date } {
  const monthsAfter = (months: number) => {
    const date = new Date(anchor);
    date.setUTCMonth(anchor.getUTCMonth() + months);
    return date;
  };
  let months = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth());
  if (months > 0 && monthsAfter(months) > now) months -= 1;
  return { start: monthsAfter(months), end: monthsAfter(months + 1) };
}

function present(ctx: ControlContext, row: BillingRow): Subscription {
  const anchor = new Date(row.billing_cycle_anchor ?? row.inserted_at);
  const period = billingPeriod(anchor);
  return {
    plan: { id: row.plan, name: PLAN_NAMES[row.plan] },
    billing_cycle_anchor: unix(anchor),
    current_period_start: unix(period.start),
    current_period_end: unix(period.end),
    usage_billing_enabled: row.usage_billing_enabled,
    payment_method: presentPaymentMethod(row.payment_provider, row.payment_details),
    changes_enabled: ctx.config.subscriptionChangesEnabled,
  };
}

async function billingRow(ctx: ControlContext, organizationId: number): Promise<BillingRow> {
  const { rows } = await ctx.db.query<BillingRow>('select * from organizations where id = $1', [organizationId]);
  return rows[0];
}

export async function getSubscription(ctx: ControlContext, actor: Actor, slug: string): Promise<Subscription> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.SUBSCRIPTIONS);
  return present(ctx, await billingRow(ctx, organization.id));
}

async function accessForChange(ctx: ControlContext, actor: Actor, slug: string): Promise<OrganizationRow> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.BILLING_WRITE, Resource.SUBSCRIPTIONS);
  if (!ctx.config.subscriptionChangesEnabled) throw new PlinthError('subscription_changes_disabled');
  return organization;
}

/** Changes the plan, the spend cap, or both, in one transaction with the organisation row locked. */
export async function updateSubscription(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'organizationSubscriptionUpdate'>): Promise<Subscription> {
  const organization = await accessForChange(ctx, actor, slug);
  const planChange = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<BillingRow>('select * from organizations where id = $1 for update', [organization.id]);
    const current = rows[0];
    const target: Plan = body.plan ?? current.plan;
    if (target !== current.plan) {
      if (target === 'enterprise') {
        throw new PlinthError('validation_failed', 'The Enterprise plan is arranged with us: use the Enterprise contact form.');
      }
      if (isPaidPlan(target) && !current.payment_details) {
        throw new PlinthError('plan_feature_unavailable', `Add a payment method before moving to the ${PLAN_NAMES[target]} plan.`);
      }
      const blockers = await planChangeBlockers(ctx, tx, current, target);
      if (blockers.length > 0) {
        throw new PlinthError('plan_downgrade_blocked', `You cannot move to the ${PLAN_NAMES[target]} plan yet: ${blockers.map((b) => b.message).join(' ')}`, { blockers });
      }
      await paymentProvider(current.payment_provider).onPlanChange(slug, current.plan, target, current.payment_details);
      // A first paid plan starts a billing cycle; Free has no usage billing, so its spend cap is on.
      await tx.query(
        `update organizations set plan = $2,
           billing_cycle_anchor = case when $3 then now() else billing_cycle_anchor end,
           usage_billing_enabled = case when $2 = 'free' then false else usage_billing_enabled end
         where id = $1`,
        [organization.id, target, !isPaidPlan(current.plan) && isPaidPlan(target)],
      );
      await recordAudit(tx, actor, { action: 'organization.plan_update', organizationSlug: slug, target: `${current.plan} -> ${target}` });
    }
    if (body.usage_billing_enabled !== undefined && body.usage_billing_enabled !== current.usage_billing_enabled) {
      if (body.usage_billing_enabled && !isPaidPlan(target)) {
        throw new PlinthError('plan_feature_unavailable', 'The Free plan has no usage billing: its usage is always capped.');
      }
      await tx.query('update organizations set usage_billing_enabled = $2 where id = $1', [organization.id, body.usage_billing_enabled]);
      await recordAudit(tx, actor, { action: 'organization.spend_cap_update', organizationSlug: slug, target: body.usage_billing_enabled ? 'spend cap off' : 'spend cap on' });
    }
    return target !== current.plan ? { from: current.plan, to: target } : null;
  });
  if (planChange) {
    // A new disk quota may take projects into read-only mode or out of it now, not at the next minute's check.
    await queueDiskQuotaCheck(ctx, { organizationSlug: slug });
    await emitOrganizationEvent(ctx, { organizationSlug: slug, event: 'plan.changed', data: planChange });
  }
  return present(ctx, await billingRow(ctx, organization.id));
}

export async function updatePaymentMethod(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'organizationPaymentMethodUpdate'>): Promise<Subscription> {
  const organization = await accessForChange(ctx, actor, slug);
  const provider = paymentProvider(body.provider);
  const details = await provider.record(slug, body.details);
  await ctx.db.query('update organizations set payment_provider = $2, payment_details = $3::jsonb where id = $1', [organization.id, provider.id, JSON.stringify(details)]);
  // The email, not the address or order number: enough to say what changed without copying billing data around.
  await recordAudit(ctx.db, actor, { action: 'organization.payment_method_update', organizationSlug: slug, target: `${provider.id}: ${details.billing_email}` });
  return present(ctx, await billingRow(ctx, organization.id));
}

/** The Enterprise plan's contact form: a Sales ticket the operator answers. Any member may ask. */
export async function contactEnterprise(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'organizationEnterpriseContact'>): Promise<SupportTicket> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  return createTicket(ctx, actor, {
    category: 'Sales',
    organization_slug: organization.slug,
    subject: `Enterprise plan enquiry: ${body.company}`,
    message: body.message,
  });
}
