/**
 * One REST request against one project: plan it with the schema cache (reloading the cache once when
 * it may be stale), run it through the runner as the caller's role, present the result.
 */
import { presentResult, PostgrestError, type ApiRequest, type HttpResult, type StatementPlan } from '@plinth/postgrest';
import { DatabaseError } from '../../engines/database-error.ts';
import type { Database } from '../../engines/types.ts';
import { writeRestFailure, writeSchemaCacheLoad, type LogWriter } from '../logs/index.ts';
import { STALE_CACHE_CODES, toPostgrestError } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { planWithCache } from './plan-cache.ts';
import { runStatement, type RunContext } from './runner.ts';
import { schemaCacheFor, type LoadedSchema, type SchemaCache } from './schema-cache.ts';

export interface RestProject {
  db: Database;
  exposedSchemas: string[];
  maxRows: number | null;
  /** Answer query plans (Accept: application/vnd.pgrst.plan); off by default. */
  isPlanEnabled?: boolean;
  /** Public base URL of this API, for the OpenAPI document. */
  baseUrl: string;
  /** Where this project's postgrest_logs go (schema cache loads, failed requests); without it nothing is logged. */
  logs?: { writer: LogWriter; projectRef: string };
}

export interface RestCaller {
  role: string;
  claims: Record<string, unknown>;
}

export interface RestRequest extends ApiRequest {
  /** Path inside /rest/v1, e.g. /todos (request.path). */
  path: string;
  /** Every request header, lower-cased names (request.headers); repeated ones arrive joined by Node. */
  allHeaders: Record<string, string | string[] | undefined>;
}

export interface RestHooks {
  /** The database failed in a way that is not a SQL error (closed by a pause, unreachable). */
  onDatabaseLost(): void;
  /** `NOTIFY pgrst, 'reload config'` arrived: the project's API settings are read again. */
  onConfigReload?(): void;
  log(error: unknown): void;
}

const CLAIM_NAME = /^[A-Za-z0-9_]+$/;

/**
 * The settings of one caller in one schema, as JSON object members: search_path and the claims. The
 * same for every request of a caller (the token verifier keeps one Caller per token), so built once.
 */
const callerSettings = new WeakMap<RestCaller, Map<string, string>>();

function callerMembers(caller: RestCaller, schema: string): string {
  let bySchema = callerSettings.get(caller);
  if (!bySchema) callerSettings.set(caller, (bySchema = new Map()));
  let members = bySchema.get(schema);
  if (members === undefined) {
    const settings: Record<string, string> = {
      search_path: [...new Set([schema, 'public', 'extensions'])].map((s) => `"${s.replace(/"/g, '""')}"`).join(', '),
      'request.jwt.claims': JSON.stringify(caller.claims),
    };
    // The settings older PostgREST versions set, one per claim, still read by some policies.
    for (const [name, value] of Object.entries(caller.claims)) {
      if (CLAIM_NAME.test(name)) settings[`request.jwt.claim.${name}`] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    members = JSON.stringify(settings).slice(1, -1);
    bySchema.set(schema, members);
  }
  return members;
}

/** The transaction's settings (GUC name -> value) as a JSON object, for the runner. */
function settingsFor(request: RestRequest, caller: RestCaller, plan: StatementPlan): string {
  const headers = JSON.stringify(JSON.stringify(request.allHeaders));
  const readOnly = plan.isReadOnly ? ',"transaction_read_only":"on"' : '';
  return `{${callerMembers(caller, plan.schema)},"request.headers":${headers},"request.method":${JSON.stringify(request.method.toUpperCase())},"request.path":${JSON.stringify(request.path)}${readOnly}}`;
}

function checkRole(loaded: LoadedSchema, role: string): void {
  if (!loaded.roles.has(role)) {
    throw new PostgrestError(role === 'anon' ? 401 : 403, '42501', `permission denied to set role "${role}"`);
  }
}

/** The OpenAPI document `GET /rest/v1/` serves to `role`, for the studio's API docs. */
export async function restOpenApi(project: RestProject, role: string): Promise<Record<string, unknown>> {
  const loaded = await schemaCacheFor(project.db, project.exposedSchemas).get();
  return openApiDocument(project.db, loaded.index, project.exposedSchemas[0] ?? 'public', role, project.baseUrl);
}

export async function handleRestRequest(project: RestProject, caller: RestCaller, request: RestRequest, hooks: RestHooks): Promise<HttpResult> {
  const cache = schemaCacheFor(project.db, project.exposedSchemas, hooks.onConfigReload);
  const isAuthenticated = caller.role !== 'anon';
  for (let attempt = 0; ; attempt++) {
    // A write the database refuses as read-only (25006) can only be read-only mode's refusal (errors.ts).
    let isWrite = false;
    try {
      const loaded = (attempt === 0 && cache.peek()) || (await cache.get());
      if (project.logs) logSchemaLoads(project.logs, cache);
      checkRole(loaded, caller.role);
      const plan = planWithCache(request, { exposedSchemas: project.exposedSchemas, maxRows: project.maxRows, isPlanEnabled: project.isPlanEnabled }, loaded.index);
      if (plan.kind === 'openapi') {
        const document = await openApiDocument(project.db, loaded.index, plan.schema, caller.role, project.baseUrl);
        return { status: 200, headers: { 'content-type': 'application/openapi+json; charset=utf-8' }, body: JSON.stringify(document) };
      }
      isWrite = !plan.isReadOnly;
      const result = await run(project.db, plan, { role: caller.role, settings: settingsFor(request, caller, plan) }, hooks);
      return presentResult(plan.presentation, result);
    } catch (error) {
      const isStale = (error instanceof PostgrestError && error.isCacheMiss) || (error instanceof DatabaseError && STALE_CACHE_CODES.has(error.code));
      if (attempt === 0 && isStale) {
        await cache.reload();
        continue;
      }
      const failure = toPostgrestError(error, isAuthenticated, hooks.log, isWrite);
      // As PostgREST logs: what the database refused and what failed on the server; not the client's own mistakes.
      const isDatabaseError = error instanceof DatabaseError;
      if (project.logs && (isDatabaseError || failure.status >= 500)) {
        writeRestFailure(project.logs.writer, project.logs.projectRef, {
          method: request.method, path: request.path, status: failure.status, code: failure.code, message: failure.message, isDatabaseError, role: caller.role,
        });
      }
      throw failure;
    }
  }
}

function logSchemaLoads(logs: NonNullable<RestProject['logs']>, cache: SchemaCache): void {
  for (const load of cache.takeUnloggedLoads() ?? []) writeSchemaCacheLoad(logs.writer, logs.projectRef, load);
}

async function run(db: Database, plan: StatementPlan, context: RunContext, hooks: RestHooks) {
  try {
    return await runStatement(db, plan, context);
  } catch (error) {
    if (error instanceof DatabaseError || error instanceof PostgrestError) throw error;
    hooks.onDatabaseLost();
    hooks.log(error);
    throw new PostgrestError(503, 'PGRST001', 'Database client error. The project database is not reachable right now.');
  }
}
