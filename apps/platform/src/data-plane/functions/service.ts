/**
 * `/p/{ref}/functions/v1/{slug}/...`: find the function's current version, check the caller as
 * Supabase's relay does when verify_jwt is on (a valid project key or JWT, else 401; a preflight
 * OPTIONS passes, CORS is the function's business), then run it (runtime.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { ControlContext } from '../../control/context.ts';
import { functionRow } from '../../control/edge-functions.ts';
import { projectRowByRef } from '../../control/project-rows.ts';
import { projectDirectoryFor, type Caller } from '../gateway/index.ts';
import { FunctionRuntime, relayError, type InvokeResult } from './runtime.ts';

export interface FunctionRequest {
  ref: string;
  slug: string;
  /** After the slug: '' or '/...'. */
  subpath: string;
  /** The query string with its '?', or ''. */
  search: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Readable | undefined;
}

export interface FunctionService {
  handle(request: FunctionRequest, onCaller?: (caller: Caller) => void): Promise<InvokeResult>;
  runtime: FunctionRuntime;
  stop(): Promise<void>;
}

const services = new WeakMap<ControlContext, FunctionService>();

/** The platform's one function service (and its Deno workers), shared by every request. */
export function functionServiceFor(ctx: ControlContext): FunctionService {
  let service = services.get(ctx);
  if (!service) services.set(ctx, (service = createFunctionService(ctx)));
  return service;
}

/** host:port of each Postgres URL, with the hostname's loopback aliases (Deno matches names as written). */
function postgresAddresses(urls: (string | undefined)[]): string[] {
  const addresses = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const { hostname, port } = new URL(url);
      const hosts = ['localhost', '127.0.0.1'].includes(hostname) ? ['localhost', '127.0.0.1'] : [hostname];
      for (const host of hosts) addresses.add(`${host}:${port || '5432'}`);
    } catch {
      // Not a URL: config.ts has refused it already.
    }
  }
  return [...addresses];
}

function createFunctionService(ctx: ControlContext): FunctionService {
  const directory = projectDirectoryFor(ctx);
  const runtime = new FunctionRuntime({
    objects: ctx.objects,
    dataDir: ctx.config.dataDir,
    wallClockMs: ctx.config.functions.wallClockMs,
    idleMs: ctx.config.functions.idleMs,
    // Network is allowed (functions call APIs), but not the platform's and projects' Postgres
    // servers: a function gets the project's data through its API, as on Supabase.
    deniedAddresses: postgresAddresses([ctx.config.databaseUrl, ...ctx.config.projectServers]),
    log: (message) => ctx.log.error(message),
    async envOf(ref) {
      const row = await projectRowByRef(ctx.db, ref);
      if (!row) throw new Error(`project ${ref} is gone`);
      return {
        SUPABASE_URL: `${ctx.config.publicUrl}/p/${ref}`,
        SUPABASE_ANON_KEY: row.anon_key,
        SUPABASE_SERVICE_ROLE_KEY: ctx.secrets.decrypt(row.service_key_enc),
      };
    },
  });
  return {
    runtime,
    stop: () => runtime.stop(),
    async handle(request, onCaller) {
      const project = directory.cached(request.ref) ?? (await directory.resolve(request.ref));
      const row = await functionRow(ctx, request.ref, request.slug);
      if (!row) return relayError(404, 'NOT_FOUND', 'Requested function was not found');
      if (row.verify_jwt && request.method !== 'OPTIONS') {
        const { authorization, apikey } = request.headers;
        if (!authorization && !apikey) return relayError(401, 401, 'Missing authorization header');
        try {
          const caller = project.tokens.cachedCaller(request.headers) ?? (await project.tokens.caller(request.headers));
          onCaller?.(caller);
        } catch {
          return relayError(401, 401, 'Invalid JWT');
        }
      }
      const files = (typeof row.files === 'string' ? JSON.parse(row.files) : row.files) as { path: string }[];
      return runtime.invoke(
        { ref: request.ref, id: row.id, version: row.version, entrypoint: row.entrypoint_path, files },
        { method: request.method, path: `/${request.slug}${request.subpath}${request.search}`, headers: request.headers, body: request.body },
      );
    },
  };
}
