/**
 * A platform with projects for the realtime suites, supabase-js clients whose realtime runs over
 * the `ws` package (Node 20 has no WebSocket of its own), tokens minted with the project's JWT
 * secret, and promises that settle on what a client really receives.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import type { Database } from '../../src/engines/types.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';
import { organizationBody } from '../support/organizations.ts';

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

export interface TestProject {
  ref: string;
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  db: Database;
}

export interface RealtimeHarness {
  platform: Platform;
  api: ApiClient;
  project: TestProject;
  /** A project in the harness's organisation, or in a new one on `plan`. */
  createProject(name: string, plan?: string): Promise<TestProject>;
  stop(): Promise<void>;
}

type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;

/** supabase-js for `project`, realtime over ws; `vsn` picks the serializer. */
export function realtimeClient(url: string, key: string, options: { vsn?: '1.0.0' | '2.0.0'; realtime?: ClientOptions['realtime']; accessToken?: () => Promise<string> } = {}): SupabaseClient {
  return createClient(url, key, {
    // A signed-in app's client hands realtime its session's token the same way.
    ...(options.accessToken ? { accessToken: options.accessToken } : { auth: { persistSession: false, autoRefreshToken: false } }),
    realtime: { transport: WebSocket as unknown as NonNullable<ClientOptions['realtime']>['transport'], ...(options.vsn && { vsn: options.vsn }), ...options.realtime },
  });
}

export async function projectOf(platform: Platform, api: ApiClient, ref: string): Promise<TestProject> {
  const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
  const row = (await projectRowByRef(platform.control.db, ref))!;
  return {
    ref,
    url: `${platform.url}/p/${ref}`,
    anonKey: settings.autoApiService.defaultApiKey as string,
    serviceKey: settings.autoApiService.serviceApiKey as string,
    jwtSecret: settings.project.jwt_secret as string,
    db: await platform.control.engine.project(locationOf(row)),
  };
}

export async function startRealtimeHarness(engine: EngineName, options: { plan?: string } = {}): Promise<RealtimeHarness> {
  const platform = await startPlatform({ engine });
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', organizationBody('Realtime Co', options.plan ?? 'pro'))).body.slug as string;
  const createProject = async (name: string, plan?: string) => {
    const organization = plan ? ((await api.post('/api/organizations', organizationBody(`${name} Co`, plan))).body.slug as string) : slug;
    const { body } = await api.post('/api/projects', { name, organization_slug: organization, db_pass: 'a-long-db-password' });
    await waitForStatus(api, body.ref, 'ACTIVE_HEALTHY');
    return projectOf(platform, api, body.ref as string);
  };
  const project = await createProject('Realtime');
  return { platform, api, project, createProject, stop: () => platform.stop() };
}

/** A user's access token for `project`: role authenticated, a fresh sub unless given. */
export function userToken(project: TestProject, claims: Record<string, unknown> = {}, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', sub: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(project.jwtSecret));
}

/** Subscribes and settles on the first status: SUBSCRIBED resolves, anything else rejects with it. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    let isSettled = false;
    channel.subscribe((status, error) => {
      if (isSettled) return;
      isSettled = true;
      if (status === 'SUBSCRIBED') resolve(channel);
      else reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
}

/** Every status the channel reports, in order, for tests that look past the first. */
export function statuses(channel: RealtimeChannel): { list: string[]; errors: string[]; next(status: string): Promise<void> } {
  const list: string[] = [];
  const errors: string[] = [];
  const waiting: { status: string; resolve: () => void }[] = [];
  channel.subscribe((status, error) => {
    list.push(status);
    if (error) errors.push(error.message);
    for (const w of waiting.filter((w) => w.status === status)) w.resolve();
  });
  return {
    list,
    errors,
    next: (status) => new Promise<void>((resolve) => {
      if (list.includes(status)) return resolve();
      waiting.push({ status, resolve });
    }),
  };
}

/** Collects a channel's events of one kind (register before subscribing); `next(n)` waits until n have come. */
export function collect<T = any>(channel: RealtimeChannel, type: 'broadcast' | 'presence' | 'system', filter: Record<string, unknown>): { items: T[]; next(count?: number): Promise<T[]> } {
  const items: T[] = [];
  const waiting: { count: number; resolve: (items: T[]) => void }[] = [];
  (channel.on as (type: string, filter: Record<string, unknown>, callback: (payload: T) => void) => RealtimeChannel)(type, filter, (payload) => {
    items.push(payload);
    for (const w of waiting.filter((w) => items.length >= w.count)) w.resolve(items);
  });
  return {
    items,
    next: (count = 1) => new Promise<T[]>((resolve) => {
      if (items.length >= count) return resolve(items);
      waiting.push({ count, resolve });
    }),
  };
}

/** Runs SQL in the project's database as the platform (its owner). */
export async function sql(project: TestProject, text: string): Promise<void> {
  await project.db.exec(text);
}

/** A raw Phoenix client over `ws`, for frames realtime-js would never send. */
export class RawSocket {
  readonly frames: { text?: unknown; binary?: Buffer }[] = [];
  private waiters: { match: (frame: { text?: unknown; binary?: Buffer }) => boolean; resolve: (frame: any) => void }[] = [];
  closed: Promise<number>;
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const frame = isBinary ? { binary: data } : { text: JSON.parse(data.toString()) as unknown };
      this.frames.push(frame);
      for (const w of this.waiters.filter((w) => w.match(frame))) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(frame.text ?? frame.binary);
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code: number) => resolve(code)));
  }

  static open(project: TestProject, options: { apikey?: string; vsn?: string } = {}): Promise<RawSocket> {
    const url = `${project.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(options.apikey ?? project.anonKey)}&vsn=${options.vsn ?? '2.0.0'}`;
    const ws = new WebSocket(url);
    const socket = new RawSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  nextRef(): string {
    return String(++this.ref);
  }

  send(frame: string | Buffer): void {
    this.ws.send(frame, { binary: typeof frame !== 'string' });
  }

  /** Sends a vsn 2.0.0 message and waits for the reply to its ref. */
  async call(topic: string, event: string, payload: unknown, joinRef: string | null = null): Promise<{ status: string; response: any }> {
    const ref = this.nextRef();
    const replied = this.waitFor((m) => Array.isArray(m) && m[1] === ref && m[3] === 'phx_reply');
    this.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return (await replied)[4];
  }

  waitFor(match: (message: any) => boolean): Promise<any> {
    const found = this.frames.find((f) => f.text !== undefined && match(f.text));
    if (found) return Promise.resolve(found.text);
    return new Promise((resolve) => this.waiters.push({ match: (f) => f.text !== undefined && match(f.text), resolve }));
  }

  waitForBinary(): Promise<Buffer> {
    return new Promise((resolve) => this.waiters.push({ match: (f) => f.binary !== undefined, resolve }));
  }

  close(): void {
    this.ws.close();
  }
}
