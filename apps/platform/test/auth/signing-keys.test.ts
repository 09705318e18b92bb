/**
 * Asymmetric JWT signing keys per project, through supabase-js against a running platform: a
 * standby ES256 key is published at /.well-known/jwks.json, made current it signs access tokens
 * (header kid), `auth.getClaims()` verifies them with the JWKS and no call to the auth server, REST
 * accepts them; after a rotation the previous key's tokens still work until it is revoked, then REST
 * answers 401 PGRST301. The legacy HS256 secret is a key like the others: previously used once an
 * asymmetric key is current, and revocable then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';
import { jwtHeader, PASSWORD, startKeysHarness, type KeysHarness } from './keys-harness.ts';

// Both kinds of platform database: a local Postgres cluster and PGlite (embedded).
describe.each<EngineName>(['local', 'embedded'])('JWT signing keys on the %s engine', (engine) => {
  let h: KeysHarness;
  let keysPath: string;
  const tokens: Record<string, string> = {};
  const keyIds: Record<string, string> = {};

  beforeAll(async () => {
    h = await startKeysHarness(engine);
    keysPath = `/api/platform/projects/${h.ref}/config/auth/signing-keys`;
  });
  afterAll(async () => h?.platform.stop());

  const jwks = async () => (await fetch(`${h.url}/auth/v1/.well-known/jwks.json`)).json() as Promise<{ keys: Record<string, unknown>[] }>;
  const restStatus = async (token: string) => (await fetch(`${h.url}/rest/v1/notes?select=body`, { headers: { apikey: h.anonKey, authorization: `Bearer ${token}` } }));
  const statusOf = async (id: string) => ((await h.api.get(keysPath)).body.keys as { id: string; status: string }[]).find((key) => key.id === id)?.status;

  it('starts with the legacy HS256 secret in use, an empty JWKS and HS256 access tokens', async () => {
    const listed = await h.api.get(keysPath);
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toEqual([
      { id: expect.any(String), algorithm: 'HS256', status: 'in_use', public_jwk: null, created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    keyIds.legacy = listed.body.keys[0].id;
    expect(await jwks()).toEqual({ keys: [] });
    const { accessToken } = await h.signedInUser(h.client(h.anonKey));
    expect(jwtHeader(accessToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    tokens.hs256 = accessToken;
  });

  it('publishes a standby ES256 key without signing with it', async () => {
    const created = await h.api.post(keysPath, { algorithm: 'ES256' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ algorithm: 'ES256', status: 'standby' });
    keyIds.es256 = created.body.id;
    const publicJwk = created.body.public_jwk;
    expect(publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', kid: keyIds.es256, alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(publicJwk).not.toHaveProperty('d');
    expect(await jwks()).toEqual({ keys: [publicJwk] });
    // A standby key waits: tokens are still signed with the legacy secret.
    const { accessToken } = await h.signedInUser(h.client(h.anonKey));
    expect(jwtHeader(accessToken).alg).toBe('HS256');
  });

  it('signs with the ES256 key once it is current; getClaims() verifies locally through the JWKS and REST accepts the token', async () => {
    const rotated = await h.api.patch(`${keysPath}/${keyIds.es256}`, { status: 'in_use' });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.status).toBe('in_use');
    const listed = (await h.api.get(keysPath)).body.keys as { id: string; status: string }[];
    expect(listed.map((key) => [key.id, key.status])).toEqual([[keyIds.es256, 'in_use'], [keyIds.legacy, 'previously_used']]);

    const calls: string[] = [];
    const client = h.client(h.anonKey, calls);
    const { userId, accessToken } = await h.signedInUser(client);
    expect(jwtHeader(accessToken)).toEqual({ alg: 'ES256', typ: 'JWT', kid: keyIds.es256 });
    tokens.es256 = accessToken;

    calls.length = 0;
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: userId, role: 'authenticated', aud: 'authenticated' });
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: keyIds.es256 });
    // Verified here with the published key: the JWKS was fetched and the auth server never asked.
    expect(calls.some((url) => url.endsWith('/auth/v1/.well-known/jwks.json'))).toBe(true);
    expect(calls.some((url) => /\/auth\/v1\/user/.test(url))).toBe(false);

    const rows = await client.from('notes').select('body');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([{ body: 'open' }]);
    expect((await client.auth.getUser()).data.user?.id).toBe(userId);
    // The legacy secret is previously used: its anon key and the HS256 session of before still verify.
    expect((await restStatus(tokens.hs256)).status).toBe(200);
    expect((await h.client(h.anonKey).from('notes').select('body')).data).toEqual([{ body: 'open' }]);
  });

  it('keeps accepting the previous key after a rotation until it is revoked, then refuses its tokens', async () => {
    const created = await h.api.post(keysPath, { algorithm: 'RS256', status: 'in_use' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    keyIds.rs256 = created.body.id;
    expect(created.body.public_jwk).toMatchObject({ kty: 'RSA', kid: keyIds.rs256, alg: 'RS256', use: 'sig', key_ops: ['verify'] });
    expect(await statusOf(keyIds.es256)).toBe('previously_used');

    const client = h.client(h.anonKey);
    const { accessToken } = await h.signedInUser(client);
    expect(jwtHeader(accessToken)).toMatchObject({ alg: 'RS256', kid: keyIds.rs256 });
    expect((await client.auth.getClaims()).error).toBeNull();
    expect((await restStatus(tokens.es256)).status).toBe(200);

    const revoked = await h.api.patch(`${keysPath}/${keyIds.es256}`, { status: 'revoked' });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const refused = await restStatus(tokens.es256);
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('PGRST301');
    expect((await h.client(h.anonKey).auth.getUser(tokens.es256)).error?.status).toBeGreaterThanOrEqual(401);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([keyIds.rs256]);
    expect((await restStatus(accessToken)).status).toBe(200);
  });

  it('refuses moves that would leave no key in use or bring a revoked key back', async () => {
    const expectRefused = async (response: { status: number; body: { code?: string } }) => {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    };
    await expectRefused(await h.api.patch(`${keysPath}/${keyIds.rs256}`, { status: 'revoked' }));
    await expectRefused(await h.api.patch(`${keysPath}/${keyIds.es256}`, { status: 'in_use' }));
    await expectRefused(await h.api.delete(`${keysPath}/${keyIds.rs256}`));
    await expectRefused(await h.api.delete(`${keysPath}/${keyIds.legacy}`));
    await expectRefused(await h.api.post(keysPath, { algorithm: 'HS256' }));
    expect((await h.api.get(`${keysPath}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await h.api.patch(`${keysPath}/00000000-0000-4000-8000-000000000000`, { status: 'in_use' })).status).toBe(404);

    const deleted = await h.api.delete(`${keysPath}/${keyIds.es256}`);
    expect(deleted.status).toBe(200);
    expect(await statusOf(keyIds.es256)).toBeUndefined();
  });

  it('lets members see the keys but only Owners and Administrators change them', async () => {
    const developer = await h.member('Developer');
    expect((await developer.get(keysPath)).body.keys).toHaveLength(2);
    const attempt = await developer.post(keysPath, { algorithm: 'ES256' });
    expect(attempt.status).toBe(403);
    expect((await developer.patch(`${keysPath}/${keyIds.legacy}`, { status: 'in_use' })).status).toBe(403);
  });

  it('answers the Management API with token scopes auth:read and auth:write', async () => {
    const token = async (scopes: string[]) => new ApiClient(h.platform.url, (await h.api.post('/api/platform/profile/access-tokens', { name: scopes.join(' '), scopes })).body.token);
    const reader = await token(['auth:read']);
    const v1Path = `/api/v1/projects/${h.ref}/config/auth/signing-keys`;
    expect((await reader.get(v1Path)).body.keys.map((key: { algorithm: string }) => key.algorithm)).toEqual(['RS256', 'HS256']);
    expect((await reader.get(`${v1Path}/legacy`)).body).toMatchObject({ id: keyIds.legacy, algorithm: 'HS256', status: 'previously_used' });
    expect((await reader.get(`${v1Path}/${keyIds.rs256}`)).body.status).toBe('in_use');
    expect((await reader.post(v1Path, { algorithm: 'ES256' })).status).toBe(403);

    const writer = await token(['auth:write']);
    const standby = await writer.post(v1Path, { algorithm: 'ES256' });
    expect(standby.body.status).toBe('standby');
    expect((await writer.delete(`${v1Path}/${standby.body.id}`)).status).toBe(200);
  });

  it('revoking the legacy secret refuses the anon and service_role JWTs and HS256 sessions', async () => {
    expect((await h.client(h.serviceKey).from('notes').select('body')).data).toHaveLength(2);
    const revoked = await h.api.patch(`${keysPath}/${keyIds.legacy}`, { status: 'revoked' });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await h.client(h.anonKey).from('notes').select('body')).error?.code).toBe('PGRST301');
    expect((await restStatus(tokens.hs256)).status).toBe(401);
    expect((await h.client(h.anonKey).auth.admin.listUsers()).error).not.toBeNull();
    // Sign-in itself needs no key: the tokens it hands out are RS256 and work.
    const response = await fetch(`${h.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `legacy-revoked-${Date.now()}@example.com`, password: PASSWORD }),
    });
    const session = (await response.json()) as { access_token: string };
    expect(jwtHeader(session.access_token).alg).toBe('RS256');
    expect((await fetch(`${h.url}/rest/v1/notes?select=body`, { headers: { authorization: `Bearer ${session.access_token}` } })).status).toBe(200);
  });

  it('removes the keys with the project', async () => {
    const { rows } = await h.platform.control.db.query<{ id: number }>('select id from projects where ref = $1', [h.ref]);
    expect((await h.api.delete(`/api/projects/${h.ref}`, { confirm_ref: h.ref })).status).toBe(200);
    const left = await h.platform.control.db.query('select 1 from project_signing_keys where project_id = $1', [rows[0].id]);
    expect(left.rows).toHaveLength(0);
  });
});
