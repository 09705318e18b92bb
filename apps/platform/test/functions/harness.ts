/**
 * A platform with one project for the edge-function suites, and a deploy that sends what the
 * Supabase CLI sends: multipart with a `metadata` field and `file` parts named by their paths.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';
import { organizationBody } from '../support/organizations.ts';

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

export interface FunctionsHarness {
  platform: Platform;
  api: ApiClient;
  ref: string;
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  client: SupabaseClient;
  deploy(slug: string, files: Record<string, string | Uint8Array<ArrayBuffer>>, metadata?: Record<string, unknown>): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

export async function startFunctionsHarness(options: { plan?: string; env?: NodeJS.ProcessEnv; engine?: EngineName } = {}): Promise<FunctionsHarness> {
  const platform = await startPlatform({ env: options.env, ...(options.engine && { engine: options.engine }) });
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', organizationBody('Functions Co', options.plan ?? 'free'))).body.slug as string;
  const { body } = await api.post('/api/projects', { name: 'Functions', organization_slug: slug, db_pass: 'a-long-db-password' });
  const ref = body.ref as string;
  await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
  const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
  const anonKey = settings.autoApiService.defaultApiKey as string;
  const url = `${platform.url}/p/${ref}`;
  const deploy = async (functionSlug: string, files: Record<string, string | Uint8Array<ArrayBuffer>>, metadata: Record<string, unknown> = {}) => {
    const form = new FormData();
    const base = `supabase/functions/${functionSlug}`;
    form.append('metadata', JSON.stringify({ entrypoint_path: `${base}/index.ts`, name: functionSlug, verify_jwt: true, ...metadata }));
    for (const [path, content] of Object.entries(files)) form.append('file', new Blob([content]), path.startsWith('/') || path.includes('..') ? path : `${base}/${path}`);
    const response = await fetch(`${platform.url}/api/v1/projects/${ref}/functions/deploy?slug=${encodeURIComponent(functionSlug)}`, {
      method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    platform, api, ref, url, anonKey,
    serviceKey: settings.autoApiService.serviceApiKey as string,
    jwtSecret: settings.project.jwt_secret as string,
    // Node 20 has no WebSocket of its own; supabase-js wants one for realtime even when it is unused.
    client: createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } }),
    deploy,
    stop: () => platform.stop(),
  };
}

/** Another supabase-js client of the harness's project (a user signs in on their own), with `key` as its API key. */
export function projectClient(h: Pick<FunctionsHarness, 'url' | 'anonKey'>, key = h.anonKey): SupabaseClient {
  return createClient(h.url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
}

/** Runs SQL on the project's database through the studio's SQL endpoint, failing on an error answer. */
export async function runSql(h: Pick<FunctionsHarness, 'api' | 'ref'>, query: string): Promise<unknown> {
  const response = await h.api.post(`/api/platform/pg-meta/${h.ref}/query`, { query });
  if (response.status !== 200) throw new Error(`SQL failed (${response.status}): ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Polls `read` until `isDone` holds (log entries arrive with the log writer's next flush). */
export async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Deno processes allowed to read under `directory` (their command line names it). */
export function processesReading(directory: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`--allow-read=${directory}`);
    } catch {
      return false;
    }
  }).map(Number);
}
