/**
 * Sends the requests queued in net.http_request_queue (schema.sql) of every project that enabled
 * webhooks, from every platform node.
 *
 * Each node polls once a second: for each webhook_projects project that is ACTIVE_HEALTHY and whose
 * database is open on this node right now (engine.whenOpen: a cluster stopped by scale to zero, or a
 * closed embedded project, is not woken to be polled; a paused one is closed), it claims due rows in
 * one statement (`for update skip locked`, moving next_attempt_at past the request's time-out: a
 * lease), so nodes polling the same database never take the same row. A queued row is visible only
 * once its transaction committed, so a rolled back request is never sent. The HTTP request runs
 * outside any transaction (the embedded engine has one session per project: it must not be held
 * across a network call). Then, in one statement, the queue row is deleted and the response written
 * to net._http_response; if the row is gone (another node delivered it after this lease expired),
 * nothing is written twice. A node that dies mid-request leaves the lease to expire, and the request
 * is sent again (at least once). Webhook requests (max_attempts 4) are retried after a network error,
 * a time-out or a 5xx, 1 s, 5 s and 25 s later; only the last outcome is recorded.
 */
import { errorMessage } from '@plinth/errors';
import type { ProjectLocation, Queryable } from '../../engines/types.ts';
import type { ControlContext } from '../context.ts';
import { locationOf } from '../project-rows.ts';
import { ensureWebhooksSchema } from './index.ts';
import { send, type Outcome } from './send.ts';

const POLL_MS = 1_000;
/** Requests under way on one node at most; more wait in their queue for the next poll. */
const MAX_IN_FLIGHT = 50;
/** Beyond its time-out, how long a claim holds before another node may take the row. */
const LEASE_MARGIN_S = 30;
const RETRY_DELAYS_S = [1, 5, 25];
/** Every this many polls, responses older than 6 hours are deleted (pg_net's ttl). */
const SWEEP_EVERY = 60;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  params: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: string | null;
  timeout_milliseconds: number;
  attempts: number;
  max_attempts: number;
}

const CLAIM_SQL = `
  update net.http_request_queue q
     set attempts = q.attempts + 1,
         next_attempt_at = now() + make_interval(secs => q.timeout_milliseconds / 1000.0 + ${LEASE_MARGIN_S})
   where q.id in (select id from net.http_request_queue where next_attempt_at <= now() order by id limit $1 for update skip locked)
  returning q.id::text, q.method::text, q.url, q.params, q.headers, encode(q.body, 'base64') as body,
            q.timeout_milliseconds, q.attempts, q.max_attempts`;

const RECORD_SQL = `
  with done as (delete from net.http_request_queue where id = $1 returning id)
  insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
  select id, $2::integer, $3::text, $4::jsonb, $5::text, $6::boolean, $7::text from done`;

export class WebhookDelivery {
  private timer: NodeJS.Timeout | null = null;
  private passing: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private passes = 0;
  /** The last error logged per project, so a broken project is not logged every second. */
  private readonly lastError = new Map<string, string>();

  constructor(private readonly ctx: ControlContext) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.passing) return;
      this.passing = this.pass()
        .catch((error: unknown) => this.ctx.log.error(`webhooks: polling failed: ${errorMessage(error)}`))
        .finally(() => (this.passing = null));
    }, POLL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for the requests under way (their rows are recorded or their leases expire). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.passing;
    await Promise.allSettled([...this.inFlight]);
  }

  private async pass(): Promise<void> {
    const { rows } = await this.ctx.db.query<{ ref: string; db_server: string | null }>(
      `select p.ref, p.db_server from webhook_projects w join projects p on p.ref = w.project_ref where p.status = 'ACTIVE_HEALTHY'`,
    );
    const sweep = this.passes++ % SWEEP_EVERY === 0;
    for (const project of rows) {
      const room = MAX_IN_FLIGHT - this.inFlight.size;
      if (room <= 0) return;
      try {
        await this.claimFrom(locationOf(project), room, sweep);
        this.lastError.delete(project.ref);
      } catch (error) {
        // One project's database failing must not hold up the others' requests.
        const message = errorMessage(error);
        if (this.lastError.get(project.ref) !== message) this.ctx.log.error(`webhooks: polling ${project.ref} failed: ${message}`);
        this.lastError.set(project.ref, message);
      }
    }
  }

  private async claimFrom(location: ProjectLocation, room: number, sweep: boolean): Promise<void> {
    const claimed = await this.ctx.engine.whenOpen(location, async (db) => {
      // A schema.sql newer than the project's is applied before its queue is read.
      await ensureWebhooksSchema(db);
      if (sweep) await db.query(`delete from net._http_response where created < now() - interval '6 hours'`);
      return (await db.query<QueuedRequest>(CLAIM_SQL, [room])).rows;
    });
    for (const request of claimed ?? []) {
      const delivery = this.deliver(location, request).catch((error: unknown) =>
        // The lease expires and the request is sent again.
        this.ctx.log.error(`webhooks: request ${request.id} of ${location.ref} could not be recorded: ${errorMessage(error)}`));
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    }
  }

  private async deliver(location: ProjectLocation, request: QueuedRequest): Promise<void> {
    const outcome = await send({
      method: request.method,
      url: request.url,
      params: request.params ?? {},
      headers: request.headers ?? {},
      body: request.body === null ? null : Buffer.from(request.body, 'base64'),
      timeoutMs: request.timeout_milliseconds,
    }, { allowPrivate: this.ctx.config.webhooksAllowPrivate, publicUrl: this.ctx.config.publicUrl, ref: location.ref });
    // Recorded only while the database is still open here: a project paused meanwhile is not reopened.
    await this.ctx.engine.whenOpen(location, async (db) => {
      if (isRetryable(outcome) && request.attempts < request.max_attempts) {
        const delay = RETRY_DELAYS_S[Math.min(request.attempts, RETRY_DELAYS_S.length) - 1];
        await db.query('update net.http_request_queue set next_attempt_at = now() + make_interval(secs => $2) where id = $1', [request.id, delay]);
      } else {
        await record(db, request.id, outcome);
      }
    });
  }
}

function isRetryable(outcome: Outcome): boolean {
  if (outcome.refused) return false;
  return outcome.timed_out || outcome.error_msg !== null || (outcome.status_code ?? 0) >= 500;
}

async function record(db: Queryable, id: string, outcome: Outcome): Promise<void> {
  await db.query(RECORD_SQL, [
    id, outcome.status_code, outcome.content_type, outcome.headers === null ? null : JSON.stringify(outcome.headers),
    outcome.content, outcome.timed_out, outcome.error_msg,
  ]);
}

