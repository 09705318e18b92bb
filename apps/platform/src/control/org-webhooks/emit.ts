import type { OrgWebhookEvent } from '@plinth/api-contract';
import type { JobTransaction } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';

export interface OrganizationEvent {
  organizationSlug: string;
  event: OrgWebhookEvent | 'webhook.test';
  /** What happened, as the receiver reads it: refs, names, roles, plans. Never a secret. */
  data: Record<string, unknown>;
}

/** The JSON body every delivery of an event carries. */
export function eventBody(event: OrganizationEvent, occurredAt: Date): Record<string, unknown> {
  return { type: event.event, organization: { slug: event.organizationSlug }, occurred_at: occurredAt.toISOString(), data: event.data };
}

/**
 * Queues one delivery per endpoint of the organisation subscribed to the event: the rows and their
 * 'org-webhook-deliver' jobs commit together, so a delivery is never logged without being sent.
 * Returns the delivery ids. `endpointId` limits it to one endpoint (the test button, any event).
 * Call it inside the change's own ctx.jobs.transaction when there is one (inactivity.ts does): the
 * event then commits with the change, or neither does.
 */
export async function queueDeliveries(tx: JobTransaction, event: OrganizationEvent, endpointId?: number): Promise<number[]> {
  const payload = eventBody(event, new Date());
  const { rows } = await tx.query<{ id: string }>(
    `insert into org_webhook_deliveries (endpoint_id, event, payload)
     select e.id, $2, $3::jsonb from org_webhook_endpoints e join organizations o on o.id = e.organization_id
     where o.slug = $1 and (case when $4::bigint is null then $2 = any(e.events) else e.id = $4 end)
     returning id`,
    [event.organizationSlug, event.event, JSON.stringify(payload), endpointId ?? null],
  );
  const ids = rows.map((row) => Number(row.id));
  for (const deliveryId of ids) await tx.send('org-webhook-deliver', { deliveryId });
  return ids;
}

/**
 * Tells the organisation's webhook endpoints that something happened. Call it after the change has
 * committed. It never throws: a change that happened stays done even when its notification cannot
 * be queued (the failure is logged), as a webhook is a notification, not part of the change.
 *
 * Callers: project create/delete/pause/restore/upgrade, member invite/remove/role change, and the
 * plan change (control/plan changes: `emitOrganizationEvent(ctx, { organizationSlug, event:
 * 'plan.changed', data: { from, to } })`).
 */
export async function emitOrganizationEvent(ctx: Pick<ControlContext, 'jobs' | 'log'>, event: OrganizationEvent): Promise<void> {
  try {
    await ctx.jobs.transaction((tx) => queueDeliveries(tx, event));
  } catch (error) {
    ctx.log.error(`organization webhook ${event.event} for ${event.organizationSlug} was not queued: ${error instanceof Error ? error.message : String(error)}`);
  }
}
