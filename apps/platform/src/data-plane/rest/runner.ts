/**
 * Runs planned statements (runner.sql). Switching role and settings needs a statement of its own
 * before the query is parsed, yet every extra round trip costs (on PGlite a worker round trip with
 * the database locked; measured, BEGIN + SET + query + COMMIT served ~55 % of the requests/s of the
 * bare query). So both go in one round trip as one implicit transaction (Database.queryPrepared):
 * `rest_begin_v1` sets role and settings, then the planned statement runs, prepared on the
 * connection so a repeated shape is neither parsed nor planned again (as PostgREST prepares its
 * statements). A request with checks to make before committing calls `rest_run_v1` instead.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PostgrestError, type RunResult, type StatementPlan } from '@plinth/postgrest';
import { DatabaseError } from '../../engines/database-error.ts';
import type { Database } from '../../engines/types.ts';

const RUNNER_SQL = readFileSync(new URL('./runner.sql', import.meta.url), 'utf8');
/** Recorded as the function's comment: a changed runner.sql is reinstalled, an unchanged one is not. */
const RUNNER_VERSION = createHash('sha256').update(RUNNER_SQL).digest('hex').slice(0, 16);
const RUNNER_SIGNATURE = '_plinth.rest_run_v1(text, text, text, text[], json)';
/** Any constant: serialises installers (several platform nodes may open one project at once). */
const INSTALL_LOCK_KEY = 7_151_332;

export async function installRunner(db: Database): Promise<void> {
  // Trusted only when the platform's own role (or a superuser) owns the function and its schema (see runner.sql).
  const current = await db.query<{ version: string | null }>(
    `select pg_catalog.obj_description(p.oid, 'pg_proc') as version
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_roles fo on fo.oid = p.proowner
       join pg_catalog.pg_roles so on so.oid = n.nspowner
      where p.oid = pg_catalog.to_regprocedure($1) and (fo.rolsuper or fo.rolname = current_user) and (so.rolsuper or so.rolname = current_user)`,
    [RUNNER_SIGNATURE],
  );
  if (current.rows[0]?.version === RUNNER_VERSION) return;
  await db.transaction(async (tx) => {
    await tx.query('select pg_catalog.pg_advisory_xact_lock($1)', [INSTALL_LOCK_KEY]);
    await tx.exec(RUNNER_SQL);
    await tx.exec(`comment on function ${RUNNER_SIGNATURE} is '${RUNNER_VERSION}'`);
  });
}

export interface RunContext {
  role: string;
  /**
   * Settings for the transaction, set before the role switch: a JSON object of GUC name -> value
   * (text, as the caller may cache most of it). A read sets transaction_read_only among them.
   */
  settings: string;
}

interface Row {
  body: string | null;
  page_total: number | bigint | string | null;
  total: number | bigint | string | null;
  response_headers: string | null;
  response_status: string | null;
}

const asNumber = (v: number | bigint | string | null) => (v === null ? null : Number(v));

const RUN_SQL = 'select body, page_total, total, response_headers, response_status from _plinth.rest_run_v1($1, $2, $3, $4, $5)';
const BEGIN_SQL = 'select _plinth.rest_begin_v1($1, $2)';
/** The plan binds its values as one text[] ($1[n]), a type its text leaves open. */
const TEXT_ARRAY_OID = 1009;

/** What the runner checks or does beyond running the statement; null (the common case) when nothing. */
function optionsOf(plan: StatementPlan): string | null {
  const options = {
    // A read that is not one row fails without anything to undo: checked here, after the run.
    ...(plan.isSingle && !plan.isReadOnly && { single: true }),
    ...(plan.maxAffected !== null && { maxAffected: plan.maxAffected }),
    ...(plan.isRollback && { rollback: true }),
    ...(plan.countMode !== null && { countMode: plan.countMode, countStmt: plan.countSql, countThreshold: plan.countThreshold }),
    ...(plan.explain !== null && { explain: plan.explain }),
  };
  return Object.keys(options).length ? JSON.stringify(options) : null;
}

export async function runStatement(db: Database, plan: StatementPlan, context: RunContext): Promise<RunResult> {
  const { settings } = context;
  const options = optionsOf(plan);
  const { rows } = options === null
    ? await db.queryPrepared<Row>(
      { sql: BEGIN_SQL, params: [context.role, settings] },
      // Parsed as the role (schema USAGE is checked then), so each role has its own preparation.
      { sql: plan.sql, params: [plan.args], paramTypes: [TEXT_ARRAY_OID], variant: context.role },
    )
    : await db.query<Row>(RUN_SQL, [context.role, settings, plan.sql, plan.args, options]);
  const row = rows[0];
  if (!row) throw new DatabaseError({ code: 'XX000', message: 'The REST runner returned no row' });
  const pageTotal = asNumber(row.page_total) ?? 0;
  if (plan.isSingle && plan.isReadOnly && plan.explain === null && pageTotal !== 1) {
    throw new PostgrestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${pageTotal} rows`);
  }
  return {
    body: row.body,
    pageTotal,
    total: asNumber(row.total),
    responseHeaders: row.response_headers,
    responseStatus: row.response_status,
  };
}
