/**
 * Inactivity pausing: a project on a plan with an inactivity pause (Free: 1 week, from
 * `@plinth/plans`; paid plans never) that nobody used for that long is paused, as if its owner had
 * pressed Pause, so an abandoned free project stops holding a database.
 *
 * "Used" is any data-plane request (REST, GraphQL, auth, storage, functions, realtime) or any studio
 * or platform API request about the project, recorded as `projects.last_active_at`. Recording is
 * cheap: each node writes a project's time at most once a minute, and the write itself skips rows
 * another node stamped in the last minute, so a busy project costs one small update a minute.
 *
 * The scheduled `project-inactivity-pause` job (hourly, one per hour across nodes) takes each
 * candidate through the ordinary pause path (PAUSING + the `project-pause` job), with an audit entry
 * and, when the platform has a mail server (PLINTH_SMTP_URL), a mail to the organisation's owners.
 */
import { limits, PLANS } from '@plinth/plans';
import { escapeHtml } from '../data-plane/auth/mail-templates.ts';
import { createOutbox, smtpFromUrl } from '../data-plane/mail/outbox.ts';
import type { ControlContext } from './context.ts';
import { queueDeliveries } from './org-webhooks/index.ts';

/** How long a node waits before writing the same project's activity again. */
const NOTE_INTERVAL_MS = 60_000;
/** Refs remembered per node; beyond this the memory is simply dropped (one extra write each). */
const MAX_REMEMBERED = 10_000;

export const INACTIVITY_PAUSE_ACTION = 'project.pause.inactivity';

/**
 * Per node: records uses, and is the inactivity clock. `now` is this node's clock (a week against a
 * few seconds of skew between nodes does not matter); tests move it forward instead of waiting a week,
 * and the job reads the same clock, so a use "a week later" and the job's cut-off agree.
 */
export class ActivityRecorder {
  private readonly noted = new Map<string, number>();
  now: () => Date = () => new Date();

  constructor(private readonly ctx: Pick<ControlContext, 'db' | 'log'>) {}

  /** Records a use of `ref` (fire and forget: a request never waits on it or fails with it). */
  note(ref: string): void {
    const now = this.now();
    const last = this.noted.get(ref);
    if (last !== undefined && now.getTime() - last < NOTE_INTERVAL_MS && now.getTime() >= last) return;
    if (this.noted.size >= MAX_REMEMBERED) this.noted.clear();
    this.noted.set(ref, now.getTime());
    // Skips the write when another node stamped the project within the minute.
    this.ctx.db
      .query(`update projects set last_active_at = $2 where ref = $1 and last_active_at < $2::timestamptz - interval '1 minute'`, [ref, now])
      .catch((error: unknown) => this.ctx.log.error(`recording activity of ${ref} failed: ${String(error)}`));
  }
}

const recorders = new WeakMap<object, ActivityRecorder>();

/** The node's one recorder for this platform. */
export function activityFor(ctx: Pick<ControlContext, 'db' | 'log'>): ActivityRecorder {
  let recorder = recorders.get(ctx);
  if (!recorder) recorders.set(ctx, (recorder = new ActivityRecorder(ctx)));
  return recorder;
}

interface Candidate {
  ref: string;
  name: string;
  organization_id: number;
  organization_slug: string;
  organization_name: string;
  plan: string;
}

/** Pauses every ACTIVE_HEALTHY project idle longer than its plan allows; returns the refs paused. */
export async function pauseInactiveProjects(ctx: ControlContext): Promise<string[]> {
  const now = activityFor(ctx).now();
  const paused: string[] = [];
  for (const plan of PLANS) {
    const after = limits(plan).inactivityPauseAfterSeconds;
    if (after === null) continue; // paid plans are never paused
    const cutoff = new Date(now.getTime() - after * 1000);
    const { rows } = await ctx.db.query<Candidate>(
      `select p.ref, p.name, o.id as organization_id, o.slug as organization_slug, o.name as organization_name, o.plan
         from projects p join organizations o on o.id = p.organization_id
        where p.status = 'ACTIVE_HEALTHY' and o.plan = $1 and p.last_active_at < $2
        order by p.last_active_at`,
      [plan, cutoff],
    );
    for (const candidate of rows) {
      if (await pauseIfStillInactive(ctx, candidate, cutoff)) {
        paused.push(candidate.ref);
        await mailOwners(ctx, candidate, after);
      }
    }
  }
  return paused;
}

/**
 * ACTIVE_HEALTHY -> PAUSING with the pause job and the audit entry, in one transaction, only if the
 * project is still idle, still on the plan and still healthy: a request (or a plan upgrade, or the
 * owner's own pause) since the candidates were read wins.
 */
async function pauseIfStillInactive(ctx: ControlContext, candidate: Candidate, cutoff: Date): Promise<boolean> {
  return ctx.jobs.transaction(async (tx) => {
    const { rows } = await tx.query(
      `update projects p set status = 'PAUSING', status_error = null
         from organizations o
        where p.ref = $1 and o.id = p.organization_id and o.plan = $2
          and p.status = 'ACTIVE_HEALTHY' and p.last_active_at < $3
      returning p.ref`,
      [candidate.ref, candidate.plan, cutoff],
    );
    if (rows.length === 0) return false;
    await tx.send('project-pause', { ref: candidate.ref });
    // No person acted: the entry names the platform by leaving the actor empty.
    await tx.query(`insert into audit_log (organization_slug, project_ref, action, target) values ($1, $2, $3, $4)`, [
      candidate.organization_slug,
      candidate.ref,
      INACTIVITY_PAUSE_ACTION,
      candidate.name,
    ]);
    await queueDeliveries(tx, { organizationSlug: candidate.organization_slug, event: 'project.paused', data: { ref: candidate.ref, name: candidate.name, reason: 'inactivity' } });
    return true;
  });
}

/** Tells the organisation's owners, when there is a mail server; the pause stands either way. */
async function mailOwners(ctx: ControlContext, project: Candidate, afterSeconds: number): Promise<void> {
  if (!ctx.config.smtpUrl) return;
  const { rows } = await ctx.db.query<{ email: string }>(
    `select u.email from members m join auth.users u on u.id = m.user_id
      where m.organization_id = $1 and m.role = 'Owner' and u.email is not null order by u.email`,
    [project.organization_id],
  );
  const outbox = createOutbox({ db: ctx.db, projectRef: null, smtp: smtpFromUrl(ctx.config.smtpUrl), perHour: null });
  const days = Math.round(afterSeconds / 86_400);
  const link = `${ctx.config.publicUrl}/project/${encodeURIComponent(project.ref)}`;
  for (const { email } of rows) {
    try {
      await outbox.send({
        to: email,
        subject: `Your project ${project.name} has been paused`,
        html: `<p>Your project <strong>${escapeHtml(project.name)}</strong> in <strong>${escapeHtml(project.organization_name)}</strong> was not used for ${days} days, so it has been paused. Free projects are paused after 1 week of inactivity.</p>
<p>Its data is kept. <a href="${escapeHtml(link)}">Restore the project</a> to use it again.</p>`,
      });
    } catch (error) {
      ctx.log.error(`inactivity pause mail for ${project.ref} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
