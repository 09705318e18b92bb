import { createHmac } from 'node:crypto';
import { ORG_WEBHOOK_SIGNATURE_HEADER, ORG_WEBHOOK_TIMESTAMP_HEADER } from '@plinth/api-contract';
import type { JobAttempt } from '../job-queue.ts';
import type { ControlContext } from '../context.ts';
import { send } from '../webhooks/send.ts';

/** A receiver that has not answered in this long has failed this attempt (the queue retries). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Kept in the delivery log so a person can tell why an attempt failed; the rest is cut. */
const ERROR_TEXT_CHARS = 300;

/** `sha256=` + hex HMAC-SHA256 over "{timestamp}.{body}": the timestamp is signed so a captured request cannot be replayed later as new. */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface DeliveryRow {
  id: string;
  event: string;
  payload: unknown;
  url: string;
  secret_enc: string;
}

/**
 * One attempt at one delivery ('org-webhook-deliver' job): POST the signed event, record the outcome
 * in the delivery log, and throw on anything but a 2xx so the queue retries with back-off. An
 * address refused by the request-forgery guard (webhooks/send.ts) is final: retrying cannot help.
 */
export async function deliverOrgWebhook(ctx: ControlContext, { deliveryId }: { deliveryId: number }, attempt: JobAttempt): Promise<void> {
  const { rows } = await ctx.db.query<DeliveryRow>(
    `select d.id, d.event, d.payload, e.url, e.secret_enc from org_webhook_deliveries d
     join org_webhook_endpoints e on e.id = d.endpoint_id where d.id = $1`,
    [deliveryId],
  );
  if (rows.length === 0) return; // the endpoint was removed since: nothing to deliver to
  const delivery = rows[0];
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await send(
    {
      method: 'POST',
      url: delivery.url,
      params: {},
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Plinth-Webhooks/1',
        'x-plinth-event': delivery.event,
        'x-plinth-delivery': delivery.id,
        [ORG_WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [ORG_WEBHOOK_SIGNATURE_HEADER]: signDelivery(ctx.secrets.decrypt(delivery.secret_enc), timestamp, body),
      },
      body: Buffer.from(body),
      timeoutMs: DELIVERY_TIMEOUT_MS,
    },
    // No project's Edge Functions are exempt from the guard here: '-' is no project's ref.
    { allowPrivate: ctx.config.webhooksAllowPrivate, publicUrl: ctx.config.publicUrl, ref: '-' },
  );
  const isSuccess = outcome.status_code !== null && outcome.status_code >= 200 && outcome.status_code < 300;
  const isFinal = isSuccess || attempt.isFinal || outcome.refused === true;
  const error = isSuccess ? null : (outcome.error_msg ?? `The receiver answered ${outcome.status_code}`).slice(0, ERROR_TEXT_CHARS);
  await ctx.db.query(
    `update org_webhook_deliveries set attempts = attempts + 1, last_attempt_at = now(), response_code = $2, error = $3, status = $4
     where id = $1`,
    [deliveryId, outcome.status_code, error, isSuccess ? 'succeeded' : isFinal ? 'failed' : 'retrying'],
  );
  if (!isFinal) throw new Error(`Webhook delivery ${deliveryId} to its endpoint failed: ${error}`);
}
