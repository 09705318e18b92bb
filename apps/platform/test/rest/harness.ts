/** One platform per engine with a project loaded with fixture.sql, and supabase-js clients for it. */
import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import type { Database } from '../../src/engines/types.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
// One node, or N behind a proxy under PLINTH_TEST_FLEET=N.
import { startPlatform } from '../support/fleet-platform.ts';

/** Node 20 has no WebSocket; these suites never open realtime, so a stand-in that refuses is enough. */
export class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by the REST suites');
  }
}

const FIXTURE_SQL = readFileSync(new URL('./fixture.sql', import.meta.url), 'utf8');

export interface RestHarness {
  platform: Awaited<ReturnType<typeof startPlatform>>;
  api: ApiClient;
  ref: string;
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  db: Database;
  /** A supabase-js client for the fixture project (or another project's URL). */
  client(key?: string, projectUrl?: string): SupabaseClient;
  createProject(name: string): Promise<{ ref: string; anonKey: string; serviceKey: string; jwtSecret: string }>;
}

export async function startRestHarness(engine: EngineName): Promise<RestHarness> {
  const platform = await startPlatform({ engine });
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', { name: 'Rest Co', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug as string;
  const createProject = async (name: string) => {
    const { body } = await api.post('/api/projects', { name, organization_slug: slug, db_pass: 'a-long-db-password' });
    await waitForStatus(api, body.ref, 'ACTIVE_HEALTHY');
    const settings = (await api.get(`/api/props/project/${body.ref}/settings`)).body;
    return {
      ref: body.ref as string,
      anonKey: settings.autoApiService.defaultApiKey as string,
      serviceKey: settings.autoApiService.serviceApiKey as string,
      jwtSecret: settings.project.jwt_secret as string,
    };
  };
  const project = await createProject('Rest fixture');
  const row = (await projectRowByRef(platform.control.db, project.ref))!;
  const db = await platform.control.engine.project(locationOf(row));
  await db.exec(FIXTURE_SQL);
  const url = `${platform.url}/p/${project.ref}`;
  return {
    platform, api, ...project, url, db, createProject,
    client: (key = project.anonKey, projectUrl = url) => createClient(projectUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
    }),
  };
}
