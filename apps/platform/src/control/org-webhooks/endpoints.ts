import { randomBytes } from 'node:crypto';
import { ORG_WEBHOOK_TEST_EVENT, type BodyOf, type OrgWebhook, type OrgWebhookDelivery, type OrgWebhookEvent } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { authorize, membershipBySlug } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { queueDeliveries } from './emit.ts';

/** Deliveries shown per endpoint: enough to see a pattern of failures. */
const DELIVERY_LOG_ROWS = 50;

interface EndpointRow {
  id: string;
  url: string;
  events: OrgWebhookEvent[];
  created_at: Date | string;
}

interface DeliveryRow {
  id: string;
  event: string;
  status: OrgWebhookDelivery['status'];
  attempts: number;
  response_code: number | null;
  error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
}

const presentEndpoint = (row: EndpointRow): OrgWebhook => ({
  id: Number(row.id),
  url: row.url,
  events: row.events,
  created_at: new Date(row.created_at).toISOString(),
});

const presentDelivery = (row: DeliveryRow): OrgWebhookDelivery => ({
  ...row,
  id: Number(row.id),
  created_at: new Date(row.created_at).toISOString(),
  last_attempt_at: row.last_attempt_at === null ? null : new Date(row.last_attempt_at).toISOString(),
});

/** Every member may see where events go; only owners and administrators change it. */
export async function listOrgWebhooks(ctx: ControlContext, actor: Actor, slug: string): Promise<OrgWebhook[]> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<EndpointRow>('select id, url, events, created_at from org_webhook_endpoints where organization_id = $1 order by id', [organization.id]);
  return rows.map(presentEndpoint);
}

export async function createOrgWebhook(ctx: ControlContext, actor: Actor, slug: string, body: BodyOf<'orgWebhookCreate'>) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const secret = body.secret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const { rows } = await ctx.db.query<EndpointRow>(
    `insert into org_webhook_endpoints (organization_id, url, secret_enc, events, created_by)
     values ($1, $2, $3, $4, $5) returning id, url, events, created_at`,
    [organization.id, body.url, ctx.secrets.encrypt(secret), [...new Set(body.events)], actor.userId],
  );
  await recordAudit(ctx.db, actor, { action: 'organization.webhook.create', organizationSlug: slug, target: body.url });
  return { ...presentEndpoint(rows[0]), secret };
}

export async function deleteOrgWebhook(ctx: ControlContext, actor: Actor, slug: string, id: number): Promise<void> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const { rows } = await ctx.db.query<{ url: string }>('delete from org_webhook_endpoints where id = $1 and organization_id = $2 returning url', [id, organization.id]);
  if (rows.length === 0) throw new PlinthError('webhook_endpoint_not_found');
  await recordAudit(ctx.db, actor, { action: 'organization.webhook.delete', organizationSlug: slug, target: rows[0].url });
}

/** Queues a 'webhook.test' event to one endpoint, whatever it subscribed to; the page watches its delivery. */
export async function testOrgWebhook(ctx: ControlContext, actor: Actor, slug: string, id: number): Promise<OrgWebhookDelivery> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  await endpointOf(ctx, organization.id, id);
  const [deliveryId] = await ctx.jobs.transaction((tx) =>
    queueDeliveries(tx, { organizationSlug: slug, event: ORG_WEBHOOK_TEST_EVENT, data: { message: 'A test event sent from the dashboard.', sent_by: actor.email } }, id),
  );
  const { rows } = await ctx.db.query<DeliveryRow>('select * from org_webhook_deliveries where id = $1', [deliveryId]);
  return presentDelivery(rows[0]);
}

export async function listOrgWebhookDeliveries(ctx: ControlContext, actor: Actor, slug: string, id: number): Promise<OrgWebhookDelivery[]> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  await endpointOf(ctx, organization.id, id);
  const { rows } = await ctx.db.query<DeliveryRow>(
    `select id, event, status, attempts, response_code, error, created_at, last_attempt_at from org_webhook_deliveries
     where endpoint_id = $1 order by id desc limit $2`,
    [id, DELIVERY_LOG_ROWS],
  );
  return rows.map(presentDelivery);
}

/** An endpoint of another organisation reads as not found, like one that does not exist. */
async function endpointOf(ctx: ControlContext, organizationId: number, id: number): Promise<void> {
  const { rows } = await ctx.db.query('select 1 from org_webhook_endpoints where id = $1 and organization_id = $2', [id, organizationId]);
  if (rows.length === 0) throw new PlinthError('webhook_endpoint_not_found');
}
