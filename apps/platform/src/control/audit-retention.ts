/**
 * How long an organisation's audit trail is kept (the plan catalogue's auditRetentionSeconds: Free
 * 1 hour, Pro 7 days, Team 28 days, Enterprise unlimited), enforced three ways: the list and the
 * export show only entries inside the window (server-side), and the hourly 'audit-retention' job
 * deletes what is older.
 *
 * An entry has one organisation (organization_slug) and one actor (actor_id). The job deletes only
 * entries of an existing organisation past its plan's window; an entry without an organisation is the
 * actor's own account trail (/account/audit) and no plan governs it. Entries name slugs, not keys, and
 * a deleted organisation's slug can be taken again: an organisation sees only entries since it was
 * created, and entries of organisations that no longer exist go after the longest finite window.
 */
import { Readable } from 'node:stream';
import type { AuditEntry } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { limits, PLANS } from '@plinth/plans';
import type { Queryable } from '../engines/types.ts';
import { authorize, membershipBySlug } from './access.ts';
import { recordAudit } from './audit.ts';
import { auditClockFor, auditWindowStart } from './audit-window.ts';
import type { Actor, ControlContext } from './context.ts';
import { csvField } from './table-export.ts';

/** Deletes, per plan, the entries of organisations on it that are older than the plan keeps them. Returns how many went. */
export async function deleteExpiredAudit(ctx: Pick<ControlContext, 'db'>): Promise<number> {
  const now = auditClockFor(ctx).now();
  let deleted = 0;
  let longest = 0;
  for (const plan of PLANS) {
    const retention = limits(plan).auditRetentionSeconds;
    if (retention === null) continue;
    longest = Math.max(longest, retention);
    deleted += await countDeleted(
      ctx.db,
      `delete from audit_log a using organizations o
       where a.organization_slug = o.slug and o.plan = $1
         and a.occurred_at < coalesce($2::timestamptz, now()) - make_interval(secs => $3::int)
       returning 1`,
      [plan, now, retention],
    );
  }
  return (
    deleted +
    (await countDeleted(
      ctx.db,
      `delete from audit_log a where a.organization_slug is not null
         and not exists (select 1 from organizations o where o.slug = a.organization_slug)
         and a.occurred_at < coalesce($1::timestamptz, now()) - make_interval(secs => $2::int)
       returning 1`,
      [now, longest],
    ))
  );
}

async function countDeleted(db: Queryable, deleteReturningOne: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`with gone as (${deleteReturningOne}) select count(*)::int as count from gone`, params);
  return rows[0].count;
}

/** Rows fetched per round trip while exporting: memory stays flat however long the trail. */
const EXPORT_BATCH_ROWS = 2000;
const CSV_COLUMNS = ['id', 'occurred_at', 'actor_id', 'actor_email', 'organization_slug', 'project_ref', 'action', 'target', 'ip'] as const;

interface ExportRange {
  format: 'csv' | 'json';
  from?: string;
  to?: string;
}

/**
 * The organisation's audit trail between `from` and `to` (oldest first), as CSV or a JSON array,
 * streamed in batches. The range is cut to the plan's window: an export never reaches further back
 * than the list does.
 */
export async function exportOrganizationAudit(ctx: ControlContext, actor: Actor, slug: string, range: ExportRange) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.AUDIT);
  await recordAudit(ctx.db, actor, { action: 'organization.audit.export', organizationSlug: slug, target: `${range.format} ${range.from ?? ''}..${range.to ?? ''}` });
  const batches = auditBatches(ctx.db, slug, auditWindowStart(ctx, organization, 5), range);
  const body = range.format === 'csv' ? csvLines(batches) : jsonArray(batches);
  return {
    stream: Readable.from(body),
    contentType: range.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    fileName: `audit-${slug}.${range.format}`,
  };
}

async function* auditBatches(db: Queryable, slug: string, window: { sql: string; params: unknown[] }, range: ExportRange): AsyncGenerator<AuditEntry[]> {
  for (let afterId = 0; ; ) {
    const { rows } = await db.query<AuditEntry & { id: string; occurred_at: Date }>(
      `select * from audit_log where organization_slug = $1 and id > $2
         and occurred_at >= ${window.sql}
         and ($3::timestamptz is null or occurred_at >= $3) and ($4::timestamptz is null or occurred_at <= $4)
       order by id limit ${EXPORT_BATCH_ROWS}`,
      [slug, afterId, range.from ?? null, range.to ?? null, ...window.params],
    );
    if (rows.length === 0) return;
    afterId = Number(rows[rows.length - 1].id);
    yield rows.map((row) => ({ ...row, id: Number(row.id), occurred_at: new Date(row.occurred_at).toISOString() }));
    if (rows.length < EXPORT_BATCH_ROWS) return;
  }
}

async function* csvLines(batches: AsyncGenerator<AuditEntry[]>): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const batch of batches) {
    yield batch.map((entry) => CSV_COLUMNS.map((column) => csvField(entry[column] === null ? null : String(entry[column]))).join(',') + '\r\n').join('');
  }
}

async function* jsonArray(batches: AsyncGenerator<AuditEntry[]>): AsyncGenerator<string> {
  let isFirst = true;
  yield '[';
  for await (const batch of batches) {
    for (const entry of batch) {
      yield `${isFirst ? '' : ','}\n${JSON.stringify(entry)}`;
      isFirst = false;
    }
  }
  yield '\n]\n';
}
