/**
 * What the branch tests share: a platform on `engine` that may read the Git fixture at `repoDir`,
 * an owner on the Team plan (or Free) with one healthy project connected to that repository's
 * `main`, and the calls the tests make of it (SQL as the dashboard runs it, supabase-js with a
 * project's anon key, a branch read until it has settled).
 */
import { createClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { NoWebSocket } from '../rest/harness.ts';
import { ApiClient, signUp, waitForStatus } from './client.ts';
import { MANUAL_PAYMENT } from './organizations.ts';
import { startPlatform, type EngineName } from './platform.ts';

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

export interface BranchingSetup {
  platform: Awaited<ReturnType<typeof startPlatform>>;
  owner: ApiClient;
  slug: string;
  /** The parent project, connected to the repository. */
  ref: string;
  query(projectRef: string, sql: string): Promise<any>;
  /** supabase-js on a project, with its anon key (or its service key). */
  client(projectRef: string, key?: 'anon' | 'service'): Promise<ReturnType<typeof createClient>>;
  /** The branch as the studio reads it, once it has passed or failed its migrations. */
  settled(branchId: string): Promise<any>;
}

export async function startBranching(engine: EngineName, repoDir: string, options: { plan?: 'free' | 'team'; env?: NodeJS.ProcessEnv } = {}): Promise<BranchingSetup> {
  const platform = await startPlatform({ engine, env: { PLINTH_GIT_LOCAL_ROOTS: repoDir, ...options.env } });
  const { api: owner } = await signUp(platform.url);
  const organization = options.plan === 'free' ? { name: 'Branching', plan: 'free' } : { name: 'Branching', plan: 'team', payment_method: MANUAL_PAYMENT };
  const slug = (await owner.post('/api/organizations', organization)).body.slug;
  const ref = (await owner.post('/api/projects', { name: 'main app', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
  await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
  const repository = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: repoDir });
  expect(repository.status, JSON.stringify(repository.body)).toBe(201);
  const connection = await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: repository.body.id, production_branch: 'main', supabase_directory: '' });
  expect(connection.status, JSON.stringify(connection.body)).toBeLessThan(300);

  return {
    platform,
    owner,
    slug,
    ref,
    async query(projectRef, sql) {
      const response = await owner.post(`/api/platform/pg-meta/${projectRef}/query`, { query: sql });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    },
    async client(projectRef, key = 'anon') {
      const settings = (await owner.get(`/api/props/project/${projectRef}/settings`)).body.autoApiService;
      return createClient(`${platform.url}/p/${projectRef}`, key === 'anon' ? settings.defaultApiKey : settings.serviceApiKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: NoWebSocket as unknown as RealtimeTransport },
      });
    },
    async settled(branchId) {
      for (;;) {
        const response = await owner.get(`/api/v1/branches/${branchId}`);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        if (response.body.status === 'MIGRATIONS_PASSED' || response.body.status === 'MIGRATIONS_FAILED') return response.body;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
