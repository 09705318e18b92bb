/**
 * The database report (reports/database) and the figures the metrics endpoint exposes: the project
 * database as it is now, read from Postgres' own statistics views in one read-only transaction on
 * the platform's handle to the project database. Every engine answers the same SQL (PGlite has the
 * statistics views too); only connections are left out on the embedded engine, where PGlite is one
 * in-process session and max_connections means nothing.
 */
import type { DatabaseReport } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { Database, Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject, locationOf } from './project-rows.ts';

export type DatabaseState = Omit<DatabaseReport, 'engine' | 'measured_at'>;

const LARGEST_TABLES = 10;

/**
 * Totals since the statistics were last reset. Numbers come back as float8 so that pg (which hands
 * bigint over as text) and PGlite answer alike; byte counts stay exact far beyond any database here.
 */
const TOTALS_SQL = `
  select pg_database_size(current_database())::float8 as size,
         d.blks_hit::float8 as blks_hit, d.blks_read::float8 as blks_read,
         d.xact_commit::float8 as commits, d.xact_rollback::float8 as rollbacks, d.deadlocks::float8 as deadlocks,
         (select coalesce(sum(i.idx_blks_hit), 0)::float8 from pg_statio_user_indexes i) as idx_hit,
         (select coalesce(sum(i.idx_blks_read), 0)::float8 from pg_statio_user_indexes i) as idx_read
  from pg_stat_database d where d.datname = current_database()`;

/**
 * Client sessions of this database. Postgres shows a session's database and state only to roles
 * with the privileges of its user (or pg_read_all_stats): the local engine's `postgres` has
 * pg_monitor; on a shared server the platform's login sees its own and the project owner's
 * sessions once the transaction is back to the login's own role (see readDatabaseState).
 */
const CONNECTIONS_SQL = `
  select count(*) filter (where a.state = 'active')::int as active,
         count(*) filter (where a.state like 'idle%')::int as idle,
         count(*)::int as total,
         current_setting('max_connections')::int as max
  from pg_stat_activity a where a.datname = current_database() and a.backend_type = 'client backend'`;

/** Tables and materialized views by their size with indexes and TOAST, outside Postgres' own schemas. */
const LARGEST_TABLES_SQL = `
  select n.nspname as schema, c.relname as name, pg_total_relation_size(c.oid)::float8 as size_bytes,
         greatest(c.reltuples, 0)::float8 as rows_estimate
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and n.nspname <> all ($1::text[])
    and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  order by size_bytes desc, n.nspname, c.relname limit $2`;

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema'];

interface TotalsRow {
  size: number;
  blks_hit: number;
  blks_read: number;
  commits: number;
  rollbacks: number;
  deadlocks: number;
  idx_hit: number;
  idx_read: number;
}

const ratio = (hits: number, reads: number): number | null => (hits + reads > 0 ? hits / (hits + reads) : null);

/** Reads the figures; `countConnections` is false where the engine has no server sessions to count. */
export async function readDatabaseState(db: Database, options: { countConnections: boolean }): Promise<DatabaseState> {
  return db.transaction(async (tx: Queryable) => {
    await tx.query('set transaction read only');
    // The postgres engine's login starts its sessions as the project owner, which may not see the
    // login's own sessions in pg_stat_activity; the login itself may (it is a member of the owner).
    await tx.query('set local role none');
    // Unqualified catalog names must find pg_catalog's, whatever search_path the project's roles set.
    await tx.query(`select set_config('search_path', 'pg_catalog', true), set_config('statement_timeout', '10s', true)`);
    const [totals] = (await tx.query<TotalsRow>(TOTALS_SQL)).rows;
    const connections = options.countConnections
      ? (await tx.query<{ active: number; idle: number; total: number; max: number }>(CONNECTIONS_SQL)).rows[0]
      : null;
    const tables = await tx.query<DatabaseState['largest_tables'][number]>(LARGEST_TABLES_SQL, [SYSTEM_SCHEMAS, LARGEST_TABLES]);
    return {
      database_size_bytes: Number(totals.size),
      connections: connections && {
        active: Number(connections.active), idle: Number(connections.idle), total: Number(connections.total), max: Number(connections.max),
      },
      cache_hit_rate: ratio(Number(totals.blks_hit), Number(totals.blks_read)),
      index_hit_rate: ratio(Number(totals.idx_hit), Number(totals.idx_read)),
      transactions: { commits: Number(totals.commits), rollbacks: Number(totals.rollbacks), deadlocks: Number(totals.deadlocks) },
      largest_tables: tables.rows.map((row) => ({
        schema: row.schema, name: row.name, size_bytes: Number(row.size_bytes), rows_estimate: Number(row.rows_estimate),
      })),
    };
  });
}

/** The report for the studio: ANALYTICS_READ on the project's logs, as the other reports need. */
export async function databaseReport(ctx: ControlContext, actor: Actor, ref: string): Promise<DatabaseReport> {
  const { role, project } = await accessProject(ctx, actor, ref);
  authorize(role, Action.ANALYTICS_READ, Resource.LOGS);
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw new PlinthError('project_not_active', `The project is ${project.status}; its database report is available once it is ACTIVE_HEALTHY.`);
  }
  const db = await ctx.engine.project(locationOf(project));
  const state = await readDatabaseState(db, { countConnections: hasServerConnections(ctx) });
  return { engine: ctx.engine.name, measured_at: new Date().toISOString(), ...state };
}

/** Whether the project database is a server with sessions to count (not PGlite's single session). */
export function hasServerConnections(ctx: Pick<ControlContext, 'engine'>): boolean {
  return ctx.engine.name !== 'embedded';
}
