/**
 * The hourly metering job: for one UTC hour, every project's figures into `usage_hourly` (0032).
 * Counters come from what the services already record in the platform database (edge_logs' response
 * bytes for egress, function_edge_logs for invocations, realtime_usage for messages, storage_logs
 * for image renders); gauges are read from the project itself (its database size, stored bytes,
 * users who signed in this month). A row per (project, metric, hour) is written with
 * `on conflict do nothing`, so a retry or a second node cannot count an hour twice.
 *
 * Gauges are measured when the job runs, which is the end of the hour it meters (or later, for an
 * hour metered after the fact).
 */
import type { Database } from '../../engines/types.ts';
import type { ControlContext } from '../context.ts';
import { locationOf, type ProjectRow } from '../project-rows.ts';
import type { Metric } from './metrics.ts';

const HOUR_MS = 3600_000;

/** The start of the UTC hour `date` falls in. */
export function hourOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

export function monthStartOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** The last complete hour at `now`: what the scheduled job meters. */
export function previousHour(now: Date): Date {
  return new Date(hourOf(now).getTime() - HOUR_MS);
}

interface Reading {
  ref: string;
  organizationId: number;
  metric: Metric;
  value: number;
  detail?: Record<string, unknown>;
}

type MeteredProject = Pick<ProjectRow, 'ref' | 'organization_id' | 'status' | 'db_server'>;

/** Meters `hour` (any instant in it) for every project; returns how many rows were new. */
export async function meterHour(ctx: ControlContext, hour: Date): Promise<number> {
  const from = hourOf(hour);
  const to = new Date(from.getTime() + HOUR_MS);
  const { rows: projects } = await ctx.db.query<MeteredProject>('select ref, organization_id, status, db_server from projects where inserted_at < $1', [to]);
  if (projects.length === 0) return 0;
  const orgOf = new Map(projects.map((p) => [p.ref, p.organization_id]));
  const readings: Reading[] = [];
  const add = (ref: string, metric: Metric, value: number, detail?: Record<string, unknown>) => {
    const organizationId = orgOf.get(ref);
    if (organizationId !== undefined) readings.push({ ref, organizationId, metric, value, detail });
  };

  for (const row of await egressByService(ctx.db, from, to)) add(row.ref, 'EGRESS', row.total, { services: row.services });
  for (const row of await countPerProject(ctx.db, 'function_edge_logs', from, to)) add(row.ref, 'FUNCTION_INVOCATIONS', row.count);
  for (const row of await realtimeMessageDeltas(ctx.db, from, to)) add(row.ref, 'REALTIME_MESSAGE_COUNT', row.delta);
  for (const row of await realtimePeaks(ctx.db, from)) add(row.ref, 'REALTIME_PEAK_CONNECTIONS', row.peak);
  for (const row of await originImages(ctx.db, from, to)) add(row.ref, 'STORAGE_IMAGES_TRANSFORMED', row.monthCount, { origins: row.origins });

  // One project after another: an embedded project's database is a single session.
  for (const project of projects) {
    const isActive = project.status === 'ACTIVE_HEALTHY';
    // "Paid plans are billed hourly for active compute": an hour counts when the project is up at its end.
    add(project.ref, 'COMPUTE_HOURS', isActive ? 1 : 0);
    if (!isActive) continue;
    const measured = await measureProject(ctx, project, monthStartOf(from), to);
    if (!measured) continue;
    add(project.ref, 'DATABASE_SIZE', measured.databaseBytes);
    add(project.ref, 'STORAGE_SIZE', measured.storageBytes);
    add(project.ref, 'MONTHLY_ACTIVE_USERS', measured.monthlyActiveUsers);
  }
  return record(ctx.db, readings, from);
}

async function record(db: Database, readings: Reading[], hour: Date): Promise<number> {
  if (readings.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    `with inserted as (
       insert into usage_hourly (project_ref, organization_id, metric, hour, value, detail)
       select r.ref, r.org, r.metric, $1, r.value, r.detail
       from unnest($2::text[], $3::int[], $4::text[], $5::float8[], $6::jsonb[]) as r(ref, org, metric, value, detail)
       on conflict (project_ref, metric, hour) do nothing
       returning 1)
     select count(*)::int as n from inserted`,
    [
      hour,
      readings.map((r) => r.ref),
      readings.map((r) => r.organizationId),
      readings.map((r) => r.metric),
      readings.map((r) => r.value),
      readings.map((r) => (r.detail ? JSON.stringify(r.detail) : null)),
    ],
  );
  return rows[0].n;
}

/** Response body bytes the gateway sent, by service (the first path segment: rest, auth, storage...). */
async function egressByService(db: Database, from: Date, to: Date) {
  const { rows } = await db.query<{ ref: string; service: string; bytes: number }>(
    `select project_ref as ref, split_part(metadata #>> '{request,path}', '/', 2) as service,
            coalesce(sum((metadata #>> '{response,bytes}')::float8), 0)::float8 as bytes
     from edge_logs where timestamp >= $1 and timestamp < $2 group by 1, 2`,
    [from, to],
  );
  const byProject = new Map<string, { ref: string; total: number; services: Record<string, number> }>();
  for (const row of rows) {
    const entry = byProject.get(row.ref) ?? { ref: row.ref, total: 0, services: {} };
    entry.total += Number(row.bytes);
    entry.services[row.service || 'other'] = (entry.services[row.service || 'other'] ?? 0) + Number(row.bytes);
    byProject.set(row.ref, entry);
  }
  return [...byProject.values()];
}

async function countPerProject(db: Database, table: 'function_edge_logs', from: Date, to: Date) {
  const { rows } = await db.query<{ ref: string; count: number }>(
    `select project_ref as ref, count(*)::int as count from ${table} where timestamp >= $1 and timestamp < $2 group by 1`,
    [from, to],
  );
  return rows;
}

/**
 * Realtime keeps one running total per project and month (realtime/quotas.ts); an hour's messages
 * are what the total has grown by since the hours already metered this month.
 */
async function realtimeMessageDeltas(db: Database, from: Date, to: Date) {
  const { rows } = await db.query<{ ref: string; delta: number }>(
    `select u.project_ref as ref,
            (u.messages - coalesce((select sum(h.value) from usage_hourly h
                                    where h.project_ref = u.project_ref and h.metric = 'REALTIME_MESSAGE_COUNT'
                                      and h.hour >= $1 and h.hour < $2), 0))::float8 as delta
     from realtime_usage u where u.month = $3::date`,
    [monthStartOf(from), to, monthStartOf(from).toISOString().slice(0, 10)],
  );
  return rows.map((row) => ({ ref: row.ref, delta: Math.max(0, Number(row.delta)) })).filter((row) => row.delta > 0);
}

async function realtimePeaks(db: Database, hour: Date) {
  const { rows } = await db.query<{ ref: string; peak: number }>('select project_ref as ref, peak from realtime_peak_connections where hour = $1', [hour]);
  return rows;
}

/**
 * Origin images rendered (/render/image/{public|authenticated|sign}/{bucket}/{path}) and answered 200.
 * The catalogue counts distinct origin images per month, so an hour's value is the month's count so
 * far (a gauge) and its `detail` keeps only the origins first seen that hour.
 */
async function originImages(db: Database, from: Date, to: Date) {
  const hour = await originsRendered(db, from, to);
  if (hour.length === 0) return [];
  const { rows: earlier } = await db.query<{ ref: string; origins: string[] }>(
    `select project_ref as ref, array_agg(distinct origin) as origins
     from usage_hourly, jsonb_array_elements_text(detail -> 'origins') as origin
     where metric = 'STORAGE_IMAGES_TRANSFORMED' and hour >= $1 and hour < $2 and project_ref = any($3::text[])
     group by 1`,
    [monthStartOf(from), from, hour.map((row) => row.ref)],
  );
  const seen = new Map(earlier.map((row) => [row.ref, new Set(row.origins)]));
  return hour.map((row) => {
    const before = seen.get(row.ref) ?? new Set<string>();
    const origins = row.origins.filter((origin) => !before.has(origin));
    return { ref: row.ref, origins, monthCount: before.size + origins.length };
  });
}

async function originsRendered(db: Database, from: Date, to: Date) {
  const { rows } = await db.query<{ ref: string; origins: string[] }>(
    `select project_ref as ref, array_agg(distinct regexp_replace(metadata ->> 'path', '^/render/image/(public|authenticated|sign)/', '')) as origins
     from storage_logs
     where timestamp >= $1 and timestamp < $2 and metadata ->> 'path' like '/render/image/%' and (metadata ->> 'status')::int = 200
     group by 1`,
    [from, to],
  );
  return rows;
}

/** The project's sizes and this month's signers-in, read from its own database; null if unreachable. */
async function measureProject(ctx: ControlContext, project: MeteredProject, monthStart: Date, to: Date) {
  try {
    const db = await ctx.engine.project(locationOf(project));
    const size = await db.query<{ size: string }>('select pg_database_size(current_database())::text as size');
    // A project made before storage has no storage schema until its first storage call.
    const stored = await db.query<{ total: string | null }>(`select sum((metadata->>'size')::bigint)::text as total from storage.objects`).catch(() => null);
    const users = await db
      .query<{ n: string }>('select count(*)::text as n from auth.users where last_sign_in_at >= $1 and last_sign_in_at < $2', [monthStart, to])
      .catch(() => null);
    return { databaseBytes: Number(size.rows[0].size), storageBytes: Number(stored?.rows[0]?.total ?? 0), monthlyActiveUsers: Number(users?.rows[0]?.n ?? 0) };
  } catch (error) {
    ctx.log.error(`usage metering: project ${project.ref} not measured: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
