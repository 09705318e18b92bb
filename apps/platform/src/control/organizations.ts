import { randomBytes } from 'node:crypto';
import type { BodyOf, Organization, PaymentMethod } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource, can, featuresOf, type Role } from '@plinth/permissions';
import { isPaidPlan, limits, PLAN_NAMES, type Plan } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import { authorize, membershipBySlug, type OrganizationRow } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { isOperator } from './operators.ts';
import { paymentProvider, type PaymentDetails } from './payment-providers.ts';
import { deleteProjectCompletely } from './project-lifecycle.ts';

/** Every action/resource pair the caller holds, so the studio can gate without re-implementing rules. */
function permissionsOf(role: Role): string[] {
  const held: string[] = [];
  for (const action of Object.values(Action)) {
    for (const resource of Object.values(Resource)) {
      if (can(role, action, resource)) held.push(`${action}:${resource}`);
    }
  }
  return held;
}

export function presentOrganization(row: OrganizationRow, role: Role): Organization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: { id: row.plan, name: PLAN_NAMES[row.plan] },
    billing_email: row.billing_email,
    usage_billing_enabled: row.usage_billing_enabled,
    inserted_at: new Date(row.inserted_at).toISOString(),
    role,
    is_owner: role === 'Owner',
    permissions: permissionsOf(role),
    features: featuresOf(role),
  };
}

export async function listOrganizations(ctx: ControlContext, actor: Actor): Promise<Organization[]> {
  const { rows } = await ctx.db.query<OrganizationRow & { role: Role }>(
    `select o.*, m.role from organizations o join members m on m.organization_id = o.id
     where m.user_id = $1 order by o.name, o.id`,
    [actor.userId],
  );
  return rows.map(({ role, ...org }) => presentOrganization(org, role));
}

export async function getOrganization(ctx: ControlContext, actor: Actor, slug: string): Promise<Organization> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  return presentOrganization(organization, role);
}

function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || 'org';
}

async function slugExists(db: Queryable, slug: string): Promise<boolean> {
  return (await db.query('select 1 from organizations where slug = $1', [slug])).rows.length > 0;
}

export async function createOrganization(
  ctx: ControlContext,
  actor: Actor,
  body: BodyOf<'organizationCreate'>,
): Promise<Organization> {
  const plan = body.plan ?? 'free';
  const payment = isOperator(ctx, actor) ? null : await paymentForNewOrganization(plan, body);
  const freeOrganizationLimit = limits(plan).freeOrganizationLimit;
  if (freeOrganizationLimit !== null) {
    const { rows } = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from members m join organizations o on o.id = m.organization_id
       where m.user_id = $1 and m.role = 'Owner' and o.plan = $2`,
      [actor.userId, plan],
    );
    if (rows[0].n >= freeOrganizationLimit) throw new PlinthError('free_organization_limit_reached');
  }
  let slug = body.slug ?? slugify(body.name);
  if (await slugExists(ctx.db, slug)) {
    if (body.slug) throw new PlinthError('slug_taken');
    slug = `${slug}-${randomBytes(3).toString('hex')}`;
  }
  const organization = await ctx.db.transaction(async (tx) => {
    // A paid plan starts its billing cycle now, with the payment method it was given.
    const { rows } = await tx.query<OrganizationRow>(
      `insert into organizations (slug, name, plan, payment_provider, payment_details, billing_cycle_anchor)
       values ($1, $2, $3, $4, $5::jsonb, case when $5::jsonb is null then null else now() end) returning *`,
      [slug, body.name, plan, payment?.provider ?? 'manual', payment ? JSON.stringify(payment.details) : null],
    );
    await tx.query(`insert into members (organization_id, user_id, role) values ($1, $2, 'Owner')`, [rows[0].id, actor.userId]);
    await recordAudit(tx, actor, { action: 'organization.create', organizationSlug: slug, target: body.name });
    return rows[0];
  }).catch((error: { code?: string }) => {
    if (error.code === '23505') throw new PlinthError('slug_taken');
    throw error;
  });
  if (payment?.details) await paymentProvider(payment.provider).onPlanChange(slug, 'free', plan, payment.details);
  return presentOrganization(organization, 'Owner');
}

/**
 * A paid organisation is created only with a payment method (as a move to a paid plan needs one):
 * the provider checks and keeps its details. Enterprise is arranged with the operator, not created here.
 * The operator, who sets plans by hand anyway (plan-admin.ts), may create an organisation on any plan.
 */
async function paymentForNewOrganization(plan: Plan, body: BodyOf<'organizationCreate'>): Promise<{ provider: PaymentMethod['provider']; details: PaymentDetails } | null> {
  if (plan === 'enterprise') throw new PlinthError('validation_failed', 'The Enterprise plan is arranged with us: use the Enterprise contact form.');
  if (!isPaidPlan(plan)) return null;
  if (!body.payment_method) throw new PlinthError('payment_method_required', `The ${PLAN_NAMES[plan]} plan needs a payment method: give payment_method with the billing details for the manual (invoice) provider.`);
  const provider = paymentProvider(body.payment_method.provider);
  return { provider: provider.id, details: await provider.record(body.slug ?? body.name, body.payment_method.details) };
}

export async function updateOrganization(
  ctx: ControlContext,
  actor: Actor,
  slug: string,
  body: BodyOf<'organizationUpdate'>,
): Promise<Organization> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<OrganizationRow>(
    `update organizations set name = coalesce($2, name),
       billing_email = case when $3::boolean then $4 else billing_email end
     where id = $1 returning *`,
    [organization.id, body.name ?? null, body.billing_email !== undefined, body.billing_email ?? null],
  );
  await recordAudit(ctx.db, actor, { action: 'organization.update', organizationSlug: slug, target: rows[0].name });
  return presentOrganization(rows[0], role);
}

/** Deletes every project (databases and files) first, then the organisation. */
export async function deleteOrganization(ctx: ControlContext, actor: Actor, slug: string, confirmSlug: string): Promise<void> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.DELETE, Resource.ORGANIZATION);
  if (confirmSlug !== slug) throw new PlinthError('confirmation_mismatch');
  const { rows } = await ctx.db.query<{ ref: string }>('select ref from projects where organization_id = $1', [organization.id]);
  for (const { ref } of rows) await deleteProjectCompletely(ctx, ref);
  await ctx.db.query('delete from organizations where id = $1', [organization.id]);
  await recordAudit(ctx.db, actor, { action: 'organization.delete', organizationSlug: slug, target: organization.name });
}
