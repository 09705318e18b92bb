/**
 * `/p/{ref}/functions/v1/{slug}/...`: find the function's current version, check the caller as
 * Supabase's relay does when verify_jwt is on (a valid project key or JWT, else 401; a preflight
 * OPTIONS passes, CORS is the function's business), then run it (runtime.ts): a request, or a
 * websocket upgrade tunnelled to it. Each invocation leaves a function_edge_logs entry, and what
 * the workers print function_logs entries (logs/function-logs.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from '../../control/context.ts';
import { spendCapFor } from '../../control/metering/spend-cap.ts';
import type { EdgeFunctionRow } from '../../control/edge-functions.ts';
import { filesOf } from './files.ts';
import { secretEnvironment } from '../../control/function-secrets.ts';
import { connectionInfoOf, projectRowByRef } from '../../control/project-rows.ts';
import { projectDirectoryFor, type Caller } from '../gateway/index.ts';
import { writeFunctionBoot, writeFunctionConsole, writeFunctionInvocation, writeFunctionShutdown, type FunctionVersion } from '../logs/function-logs.ts';
import { FunctionRuntime, relayError, type FunctionTarget, type InvokeResult, type Sandbox } from './runtime.ts';

interface FunctionCall {
  ref: string;
  slug: string;
  /** After the slug: '' or '/...'. */
  subpath: string;
  /** The query string with its '?', or ''. */
  search: string;
  method: string;
  headers: IncomingHttpHeaders;
}

export interface FunctionRequest extends FunctionCall {
  body: Readable | undefined;
}

export type FunctionUpgrade = Omit<FunctionCall, 'method'>;

export interface FunctionService {
  handle(request: FunctionRequest, onCaller?: (caller: Caller) => void): Promise<InvokeResult>;
  /**
   * A websocket upgrade on a socket the HTTP server has let go of: tunnelled to the function, or the
   * relay's answer (404, 401, boot failure) for the caller to write on the socket.
   */
  upgrade(request: FunctionUpgrade, socket: Duplex, head: Buffer): Promise<InvokeResult | null>;
  /** forget(ref, id?) stops a deleted function's (or project's) workers on this node. */
  runtime: FunctionRuntime;
  /** Drops this node's cached rows of a project's functions after a change made here (deploy, settings, secrets, delete). */
  invalidate(ref: string): void;
  stop(): Promise<void>;
}

type CurrentFunction = EdgeFunctionRow & { function_secrets_version: number };

function versionOf(target: FunctionTarget): FunctionVersion {
  return { projectRef: target.ref, functionId: target.id, version: target.version };
}

const services = new WeakMap<ControlContext, FunctionService>();

/** The platform's one function service (and its Deno workers), shared by every request. */
export function functionServiceFor(ctx: ControlContext): FunctionService {
  let service = services.get(ctx);
  if (!service) services.set(ctx, (service = createFunctionService(ctx)));
  return service;
}

/** The names of this machine's loopback interface (URL hostnames: IPv6 in brackets). */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * host:port of each Postgres URL, with the hostname's loopback aliases: Deno matches addresses as
 * written, so a server listening on every interface stays reachable through the machine's other
 * addresses; such servers must require passwords (docs/architecture.md, "Edge functions").
 */
function postgresAddresses(urls: (string | undefined)[]): string[] {
  const addresses = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const { hostname, port } = new URL(url);
      const hosts = LOOPBACK.includes(hostname) ? LOOPBACK : [hostname];
      for (const host of hosts) addresses.add(`${host}:${port || '5432'}`);
    } catch {
      // Not a URL: config.ts has refused it already.
    }
  }
  return [...addresses];
}

/**
 * How long a node trusts the function row it read (with the project's secrets version). A change
 * made on this node is seen at once (invalidate); one made on another node within this time.
 * Reading it on every request made the platform database the relay's bottleneck (~900 req/s).
 */
const ROW_TTL_MS = 1000;
const MAX_CACHED_ROWS = 10_000;

async function currentFunction(ctx: ControlContext, ref: string, slug: string): Promise<CurrentFunction | undefined> {
  const { rows } = await ctx.db.query<CurrentFunction>(
    'select f.*, p.function_secrets_version from edge_functions f join projects p on p.ref = f.project_ref where f.project_ref = $1 and f.slug = $2',
    [ref, slug],
  );
  return rows[0];
}

function createFunctionService(ctx: ControlContext): FunctionService {
  const directory = projectDirectoryFor(ctx);
  const rows = new Map<string, { row: CurrentFunction | undefined; expiresAt: number; pending?: Promise<CurrentFunction | undefined> }>();

  /** The row, from this node's cache while it is fresh; concurrent misses share one query. */
  async function cachedFunction(ref: string, slug: string): Promise<CurrentFunction | undefined> {
    const key = `${ref}/${slug}`;
    const cached = rows.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.row;
    if (cached?.pending) return cached.pending;
    // Unknown slugs are cached too (a flood of them must not reach the database), so the map is bounded.
    if (rows.size >= MAX_CACHED_ROWS) rows.clear();
    const pending = currentFunction(ctx, ref, slug);
    rows.set(key, { row: cached?.row, expiresAt: 0, pending });
    try {
      const row = await pending;
      if (rows.get(key)?.pending === pending) rows.set(key, { row, expiresAt: Date.now() + ROW_TTL_MS });
      return row;
    } catch (error) {
      if (rows.get(key)?.pending === pending) rows.delete(key);
      throw error;
    }
  }
  const platformDatabase = postgresAddresses([ctx.config.databaseUrl]);
  // Network is allowed (functions call APIs), but not the platform's and projects' Postgres
  // servers: a function reaches its project's database through the pooler (SUPABASE_DB_URL, which
  // checks the project's password like any client's), or, when the operator allows it on the
  // postgres engine, its own project's server directly (never the platform's database).
  const allDatabases = postgresAddresses([ctx.config.databaseUrl, ...ctx.config.projectServers]);

  /** This node's pooler in transaction mode (as Supabase advises for functions), or null when it is off. */
  function poolerUrlOf(ref: string, password: string): string | null {
    const port = ctx.poolerPorts.transaction;
    if (port === null) return null;
    const { listenHost } = ctx.config.pooler;
    const host = listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '' ? '127.0.0.1' : listenHost;
    return `postgresql://postgres.${ref}:${encodeURIComponent(password)}@${host.includes(':') ? `[${host}]` : host}:${port}/postgres`;
  }

  async function sandboxOf(ref: string): Promise<Sandbox> {
    const row = await projectRowByRef(ctx.db, ref);
    if (!row) throw new Error(`project ${ref} is gone`);
    const env: Record<string, string> = {
      ...(await secretEnvironment(ctx.db, ctx.secrets, ref)),
      SUPABASE_URL: `${ctx.config.publicUrl}/p/${ref}`,
      SUPABASE_ANON_KEY: row.anon_key,
      SUPABASE_SERVICE_ROLE_KEY: ctx.secrets.decrypt(row.service_key_enc),
    };
    let deniedAddresses = allDatabases;
    const poolerUrl = poolerUrlOf(ref, ctx.secrets.decrypt(row.db_pass_enc));
    if (poolerUrl) env.SUPABASE_DB_URL = poolerUrl;
    if (ctx.config.functions.databaseAccess && row.engine === 'postgres' && row.db_server) {
      const own = postgresAddresses([row.db_server]);
      if (!own.some((address) => platformDatabase.includes(address))) {
        const info = connectionInfoOf(ctx, row);
        const password = encodeURIComponent(ctx.secrets.decrypt(row.db_pass_enc));
        env.SUPABASE_DB_URL = `postgresql://${encodeURIComponent(info.user)}:${password}@${info.host}:${info.port}/${encodeURIComponent(info.database)}`;
        deniedAddresses = allDatabases.filter((address) => !own.includes(address));
      }
    }
    return { env, deniedAddresses };
  }

  const runtime = new FunctionRuntime({
    objects: ctx.objects,
    dataDir: ctx.config.dataDir,
    wallClockMs: ctx.config.functions.wallClockMs,
    cpuMs: ctx.config.functions.cpuMs,
    idleMs: ctx.config.functions.idleMs,
    memoryMb: ctx.config.functions.memoryMb,
    sandboxOf,
    log: (message) => ctx.log.error(message),
    // ctx.logs is read per entry, as the data plane does (a test or benchmark may swap the writer).
    events: {
      boot: (target, executionId, bootMs) => writeFunctionBoot(ctx.logs, versionOf(target), executionId, bootMs),
      shutdown: (target, executionId, reason) => writeFunctionShutdown(ctx.logs, versionOf(target), executionId, reason),
      output: (target, executionId, entry) => writeFunctionConsole(ctx.logs, versionOf(target), executionId, entry.level, entry.message),
    },
  });

  /** The function, and the caller checked as Supabase's relay does; or the relay's answer. */
  async function admit(request: FunctionCall, onCaller?: (caller: Caller) => void): Promise<{ row: CurrentFunction } | { refusal: InvokeResult; row?: CurrentFunction }> {
    const project = directory.cached(request.ref) ?? (await directory.resolve(request.ref));
    const row = await cachedFunction(request.ref, request.slug);
    if (!row) return { refusal: relayError(404, 'NOT_FOUND', 'Requested function was not found') };
    if (row.verify_jwt && request.method !== 'OPTIONS') {
      const { authorization, apikey } = request.headers;
      if (!authorization && !apikey) return { row, refusal: relayError(401, 401, 'Missing authorization header') };
      try {
        const caller = project.tokens.cachedCaller(request.headers) ?? (await project.tokens.caller(request.headers));
        onCaller?.(caller);
      } catch {
        return { row, refusal: relayError(401, 401, 'Invalid JWT') };
      }
    }
    // A capped organisation past its plan's invocations (spend-cap.ts); not logged, so not counted as one.
    try {
      await spendCapFor(ctx).assertWithin(request.ref, 'FUNCTION_INVOCATIONS');
    } catch (error) {
      if (error instanceof PlinthError && error.code === 'usage_cap_reached') return { refusal: relayError(error.status, error.code, error.message) };
      throw error;
    }
    return { row };
  }

  function targetOf(ref: string, row: CurrentFunction): FunctionTarget {
    return {
      ref, id: row.id, version: row.version, envVersion: row.function_secrets_version,
      entrypoint: row.entrypoint_path, importMap: row.import_map_path, files: filesOf(row),
    };
  }

  /** One function_edge_logs entry per invocation, written when its answer has been sent (or abandoned). */
  function logInvocation(request: FunctionCall, row: CurrentFunction, startedAt: number, status: number, executionId?: string): void {
    writeFunctionInvocation(ctx.logs, {
      projectRef: request.ref, functionId: row.id, version: row.version,
      method: request.method, url: `${ctx.config.publicUrl}/p/${request.ref}/functions/v1/${request.slug}${request.subpath}`, search: request.search,
      headers: request.headers, status, executionTimeMs: performance.now() - startedAt, executionId,
    });
  }

  return {
    runtime,
    stop: () => runtime.stop(),
    invalidate(ref) {
      for (const key of rows.keys()) if (key.startsWith(`${ref}/`)) rows.delete(key);
    },
    async handle(request, onCaller) {
      const startedAt = performance.now();
      const admitted = await admit(request, onCaller);
      if ('refusal' in admitted) {
        if (admitted.row) logInvocation(request, admitted.row, startedAt, admitted.refusal.status);
        return admitted.refusal;
      }
      const { row } = admitted;
      const result = await runtime.invoke(targetOf(request.ref, row), {
        method: request.method, path: `/${request.slug}${request.subpath}${request.search}`, headers: request.headers, body: request.body,
      });
      if (typeof result.body === 'string') logInvocation(request, row, startedAt, result.status, result.executionId);
      else result.body.once('close', () => logInvocation(request, row, startedAt, result.status, result.executionId));
      return result;
    },
    async upgrade(request, socket, head) {
      const startedAt = performance.now();
      // Browsers cannot set headers on a websocket: the key may come as `?apikey=`, as realtime takes it.
      const apikey = new URLSearchParams(request.search).get('apikey');
      const headers = apikey && !request.headers.apikey ? { ...request.headers, apikey } : request.headers;
      const call = { ...request, method: 'GET', headers };
      const admitted = await admit(call);
      if ('refusal' in admitted) {
        if (admitted.row) logInvocation(call, admitted.row, startedAt, admitted.refusal.status);
        return admitted.refusal;
      }
      const { row } = admitted;
      const refusal = await runtime.upgrade(
        targetOf(request.ref, row),
        { path: `/${request.slug}${request.subpath}${request.search}`, headers: request.headers, socket, head },
        (status, executionId) => logInvocation(call, row, startedAt, status, executionId),
      );
      if (refusal) logInvocation(call, row, startedAt, refusal.status);
      return refusal;
    },
  };
}
