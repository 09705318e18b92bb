/**
 * A platform with one project for the signing-key and API-key suites: a `notes` table whose RLS
 * shows anon and signed-in users only the public row (service_role sees both), supabase-js clients
 * that can record the URLs they call, and direct calls to the project's platform API.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import { NoWebSocket } from '../rest/harness.ts';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';

const NOTES_SQL = `
  create table public.notes (id serial primary key, body text not null, is_public boolean not null default false);
  alter table public.notes enable row level security;
  create policy "public notes" on public.notes for select using (is_public);
  insert into public.notes (body, is_public) values ('open', true), ('hidden', false);
`;

export const PASSWORD = 'correct-horse-battery';

export interface KeysHarness {
  platform: Awaited<ReturnType<typeof startPlatform>>;
  /** The project owner's platform API session. */
  api: ApiClient;
  slug: string;
  ref: string;
  /** The project's data-plane URL, as createClient takes it. */
  url: string;
  anonKey: string;
  serviceKey: string;
  /** A supabase-js client; `calls` (when given) collects every URL it fetches. */
  client(key: string, calls?: string[]): SupabaseClient;
  /** A new project user signed in through `client`, with their session's access token. */
  signedInUser(client: SupabaseClient): Promise<{ userId: string; accessToken: string }>;
  /** Another platform user, put straight into the organisation with `role`. */
  member(role: 'Developer' | 'Read-only'): Promise<ApiClient>;
}

export async function startKeysHarness(engine?: EngineName): Promise<KeysHarness> {
  const platform = await startPlatform({ engine });
  const owner = await signUp(platform.url);
  const slug = (await owner.api.post('/api/organizations', { name: 'Keys Co' })).body.slug as string;
  const ref = (await owner.api.post('/api/projects', { name: 'Keys', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref as string;
  await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  const settings = (await owner.api.get(`/api/props/project/${ref}/settings`)).body;
  const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, ref))!));
  await db.exec(NOTES_SQL);
  const url = `${platform.url}/p/${ref}`;

  const client = (key: string, calls?: string[]) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: calls ? { fetch: (input, init) => (calls.push(String(input instanceof Request ? input.url : input)), fetch(input, init)) } : {},
      realtime: { transport: NoWebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
    });

  return {
    platform,
    api: owner.api,
    slug,
    ref,
    url,
    anonKey: settings.autoApiService.defaultApiKey,
    serviceKey: settings.autoApiService.serviceApiKey,
    client,
    async signedInUser(userClient) {
      const email = uniqueEmail('keys');
      const { data, error } = await userClient.auth.signUp({ email, password: PASSWORD });
      if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
      return { userId: data.user!.id, accessToken: data.session.access_token };
    },
    async member(role) {
      const member = await signUp(platform.url);
      await platform.control.db.query('insert into members (organization_id, user_id, role) select id, $2, $3 from organizations where slug = $1', [slug, member.userId, role]);
      return member.api;
    },
  };
}

/** The protected header of a compact JWT. */
export function jwtHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as Record<string, unknown>;
}
