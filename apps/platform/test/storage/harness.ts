/** A platform on one engine and one object store, a pro-plan project on it, and supabase-js clients. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { NoWebSocket } from '../rest/harness.ts';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { organizationBody } from '../support/organizations.ts';

export type Backend = 'file' | 's3';

export interface StorageHarness {
  platform: Awaited<ReturnType<typeof startPlatform>>;
  api: ApiClient;
  ref: string;
  url: string;
  anonKey: string;
  serviceKey: string;
  client(key?: string): SupabaseClient;
  /** A signed-in project user's client (their own JWT), and their id. */
  userClient(): Promise<{ client: SupabaseClient; userId: string }>;
  stop(): Promise<void>;
}

export function supabaseClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
  });
}

export async function startStorageHarness(engine: EngineName, backend: Backend, options: { plan?: string } = {}): Promise<StorageHarness> {
  const s3: S3Server | null = backend === 's3' ? await startS3Server() : null;
  const platform = await startPlatform({
    engine,
    env: s3 ? {
      PLINTH_S3_BUCKET: s3.bucket, PLINTH_S3_ENDPOINT: s3.endpoint, PLINTH_S3_ACCESS_KEY_ID: s3.accessKeyId, PLINTH_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    } : {},
  });
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', organizationBody('Storage Co', options.plan ?? 'pro'))).body.slug as string;
  const { body } = await api.post('/api/projects', { name: 'Files', organization_slug: slug, db_pass: 'a-long-db-password' });
  await waitForStatus(api, body.ref, 'ACTIVE_HEALTHY');
  const settings = (await api.get(`/api/props/project/${body.ref}/settings`)).body;
  const url = `${platform.url}/p/${body.ref}`;
  const anonKey = settings.autoApiService.defaultApiKey as string;
  const serviceKey = settings.autoApiService.serviceApiKey as string;
  return {
    platform, api, ref: body.ref, url, anonKey, serviceKey,
    client: (key = anonKey) => supabaseClient(url, key),
    async userClient() {
      const client = supabaseClient(url, anonKey);
      const { data, error } = await client.auth.signUp({ email: uniqueEmail('files'), password: 'correct-horse-battery' });
      if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
      return { client, userId: data.user.id };
    },
    async stop() {
      await platform.stop();
      await s3?.stop();
    },
  };
}
