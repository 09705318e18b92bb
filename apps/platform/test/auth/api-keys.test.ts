/**
 * Publishable and secret API keys, through supabase-js against a running platform: a client made
 * with a publishable key reads as anon (RLS applies), one made with a secret key is service_role
 * (admin API, RLS bypassed); a deleted or made-up key is refused. The key itself is shown to members
 * who may read secrets when they ask (reveal), masked otherwise; the Management API lists the legacy
 * keys beside the new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../support/client.ts';
import { PASSWORD, startKeysHarness, type KeysHarness } from './keys-harness.ts';

interface ApiKey {
  id: string;
  type: string;
  name: string;
  prefix: string | null;
  api_key: string;
  description: string | null;
}

describe('publishable and secret API keys', () => {
  let h: KeysHarness;
  let keysPath: string;
  let publishable: ApiKey;
  let secret: ApiKey;

  beforeAll(async () => {
    h = await startKeysHarness();
    keysPath = `/api/platform/projects/${h.ref}/api-keys`;
  });
  afterAll(async () => h?.platform.stop());

  it('creates keys of each type, showing a secret key itself only when asked', async () => {
    const first = await h.api.post(keysPath, { type: 'publishable', name: 'web_app', description: 'The storefront' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    publishable = first.body;
    expect(publishable.api_key).toMatch(/^sb_publishable_[A-Za-z0-9_-]{32}$/);
    expect(publishable).toMatchObject({ type: 'publishable', name: 'web_app', description: 'The storefront', prefix: publishable.api_key.slice(0, 19) });
    const second = await h.api.post(keysPath, { type: 'secret', name: 'backend_jobs' });
    secret = second.body;
    expect(secret.api_key).toMatch(/^sb_secret_[A-Za-z0-9_-]{32}$/);

    const listed = (await h.api.get(keysPath)).body as ApiKey[];
    expect(listed.map((key) => key.name)).toEqual(['web_app', 'backend_jobs']);
    expect(listed[0].api_key).toBe(publishable.api_key);
    expect(listed[1].api_key.startsWith(secret.prefix!)).toBe(true);
    expect(listed[1].api_key).not.toContain(secret.api_key.slice(secret.prefix!.length));
    expect(((await h.api.get(`${keysPath}?reveal=true`)).body as ApiKey[])[1].api_key).toBe(secret.api_key);
    expect((await h.api.get(`${keysPath}/${secret.id}?reveal=true`)).body.api_key).toBe(secret.api_key);

    expect((await h.api.post(keysPath, { type: 'secret', name: 'backend_jobs' })).status).toBe(400);
    expect((await h.api.post(keysPath, { type: 'secret', name: 'Bad Name' })).status).toBe(400);
    expect((await h.api.post(keysPath, { type: 'anon', name: 'other_key' })).status).toBe(400);
  });

  it('reads as anon with a publishable key: RLS applies, and users sign in through it', async () => {
    const client = h.client(publishable.api_key);
    const rows = await client.from('notes').select('body');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([{ body: 'open' }]);
    const { data, error } = await client.auth.signUp({ email: uniqueEmail('publishable'), password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    // Signed in, the session decides the role; the publishable key still has to be valid.
    expect((await client.from('notes').select('body')).data).toEqual([{ body: 'open' }]);
  });

  it('acts as service_role with a secret key: the admin API answers and RLS is bypassed', async () => {
    const client = h.client(secret.api_key);
    const created = await client.auth.admin.createUser({ email: uniqueEmail('secret-admin'), password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.admin.listUsers()).data.users.length).toBeGreaterThan(0);
    const rows = await client.from('notes').select('body').order('id');
    expect(rows.data).toEqual([{ body: 'open' }, { body: 'hidden' }]);
    // A publishable key is no way into the admin API.
    expect((await h.client(publishable.api_key).auth.admin.listUsers()).error?.status).toBe(403);
  });

  it('refuses a deleted key and a made-up one', async () => {
    const deleted = await h.api.delete(`${keysPath}/${secret.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: secret.id, name: 'backend_jobs' });
    const client = h.client(secret.api_key);
    const rows = await client.from('notes').select('body');
    expect(rows.error?.code).toBe('PGRST301');
    expect((await client.auth.admin.listUsers()).error?.status).toBeGreaterThanOrEqual(401);
    expect((await h.api.get(`${keysPath}/${secret.id}`)).status).toBe(404);
    expect((await h.api.delete(`${keysPath}/${secret.id}`)).status).toBe(404);

    const madeUp = await fetch(`${h.url}/rest/v1/notes`, { headers: { apikey: `sb_publishable_${'x'.repeat(32)}` } });
    expect(madeUp.status).toBe(401);
    expect((await madeUp.json()).code).toBe('PGRST301');
  });

  it('lists legacy and new keys through the Management API, and only Owners and Administrators change them', async () => {
    const secretAgain = (await h.api.post(keysPath, { type: 'secret', name: 'server_side' })).body as ApiKey;
    const token = async (api: ApiClient, scopes?: string[]) =>
      new ApiClient(h.platform.url, (await api.post('/api/platform/profile/access-tokens', { name: 'keys', ...(scopes && { scopes }) })).body.token);

    const owner = await token(h.api);
    const v1Path = `/api/v1/projects/${h.ref}/api-keys`;
    const listed = (await owner.get(v1Path)).body as ApiKey[];
    expect(listed.map((key) => [key.type, key.name])).toEqual([['legacy', 'anon'], ['legacy', 'service_role'], ['publishable', 'web_app'], ['secret', 'server_side']]);
    expect(listed[0].api_key).toBe(h.anonKey);
    expect(listed[1].api_key).toBe(h.serviceKey);
    expect(listed[3].api_key).not.toBe(secretAgain.api_key);
    expect(((await owner.get(`${v1Path}?reveal=true`)).body as ApiKey[])[3].api_key).toBe(secretAgain.api_key);
    const reader = await token(h.api, ['secrets:read']);
    expect((await reader.post(v1Path, { type: 'publishable', name: 'mobile_app' })).status).toBe(403);
    const made = await owner.post(v1Path, { type: 'publishable', name: 'mobile_app' });
    expect(made.body.type).toBe('publishable');
    expect((await owner.delete(`${v1Path}/${made.body.id}`)).status).toBe(200);

    const readOnly = await h.member('Read-only');
    const seen = (await readOnly.get(`${keysPath}?reveal=true`)).body as ApiKey[];
    expect(seen.find((key) => key.type === 'secret')?.api_key).not.toBe(secretAgain.api_key);
    expect(seen.find((key) => key.type === 'publishable')?.api_key).toBe(publishable.api_key);
    expect((await readOnly.post(keysPath, { type: 'publishable', name: 'sneaky_key' })).status).toBe(403);
    expect((await readOnly.delete(`${keysPath}/${publishable.id}`)).status).toBe(403);
  });
});
