/**
 * Settings > Database and its Management API twins: connection strings per engine, a password
 * reset that really changes the login, pool settings, network restrictions, SSL enforcement and
 * who may change them.
 */
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, uniqueEmail, waitForStatus } from '../support/client.ts';
import { socketDirFor } from '../../src/engines/local/socket-dir.ts';
import { freePort } from '../support/free-port.ts';
import { startPlatform, TEST_POSTGRES_URL, type EngineName } from '../support/platform.ts';

/** Whether a SCRAM-SHA-256 verifier (pg_authid.rolpassword) was made from `password`. */
function scramMatches(verifier: string, password: string): boolean {
  const match = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):(.+)$/.exec(verifier);
  if (!match) return false;
  const salted = pbkdf2Sync(password, Buffer.from(match[2], 'base64'), Number(match[1]), 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest('base64');
  return storedKey === match[3];
}

/** The login's stored verifier, read as a superuser: the shared server, or a local cluster through its socket. */
async function rolePassword(role: string, localProjectDir?: string): Promise<string> {
  const client = new pg.Client(localProjectDir ? { host: socketDirFor(localProjectDir), port: 5432, user: 'supabase_admin', database: 'postgres' } : TEST_POSTGRES_URL);
  await client.connect();
  try {
    return (await client.query<{ rolpassword: string }>('select rolpassword from pg_authid where rolname = $1', [role])).rows[0].rolpassword;
  } finally {
    await client.end();
  }
}

describe.each<EngineName>(['embedded', 'local', 'postgres'])('database settings on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let reader: Awaited<ReturnType<typeof signUp>>;
  let ref: string;
  let txPort: number;
  let sessionPort: number;

  beforeAll(async () => {
    [txPort, sessionPort] = [await freePort(), await freePort()];
    platform = await startPlatform({ engine, env: { PLINTH_POOLER_PUBLIC_HOST: 'localhost', PLINTH_POOLER_PORT: String(txPort), PLINTH_POOLER_SESSION_PORT: String(sessionPort) } });
    owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Db', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'the-first-password' })).body.ref;
    reader = await signUp(platform.url, uniqueEmail('reader'));
    await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email: reader.email, role: 'Read-only' });
    const [invitation] = (await reader.api.get('/api/profile/invitations')).body;
    await reader.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  }, 180_000);
  afterAll(async () => platform?.stop());

  async function token(scopes: string[]): Promise<ApiClient> {
    const created = await owner.api.post('/api/platform/profile/access-tokens', { name: scopes.join(' '), scopes });
    expect(created.status).toBe(200);
    return new ApiClient(platform.url, created.body.token);
  }

  it('shows the pooler strings for each mode the engine serves, the direct address and the size', async () => {
    const { status, body } = await owner.api.get(`/api/projects/${ref}/settings/database`);
    expect(status).toBe(200);
    const transaction = {
      identifier: ref, database_type: 'PRIMARY', db_user: `postgres.${ref}`, db_host: 'localhost', db_port: txPort, db_name: 'postgres',
      connection_string: `postgres://postgres.${ref}:[YOUR-PASSWORD]@localhost:${txPort}/postgres`, default_pool_size: 15, max_client_conn: 200, pool_mode: 'transaction',
    };
    expect(body).toMatchObject({ engine, tls_available: false, ssl_enforced: false, allowed_cidrs: [] });
    expect(body.database_size_bytes).toBeGreaterThan(1_000_000);
    if (engine === 'embedded') {
      expect(body.pooler).toEqual([{ ...transaction, is_using_scram_auth: false }]);
      expect(body.direct).toBeNull();
    } else {
      expect(body.pooler).toEqual([
        { ...transaction, is_using_scram_auth: true },
        { ...transaction, is_using_scram_auth: true, identifier: `${ref}-session`, db_port: sessionPort, pool_mode: 'session', connection_string: `postgres://postgres.${ref}:[YOUR-PASSWORD]@localhost:${sessionPort}/postgres` },
      ]);
      const user = `project_${ref}_owner`;
      // A local cluster listens on its socket only: no direct address.
      if (engine === 'local') expect(body.direct).toBeNull();
      else expect(body.direct).toEqual({ host: '127.0.0.1', port: 5432, user, name: `project_${ref}`, connection_string: `postgres://${user}:[YOUR-PASSWORD]@127.0.0.1:5432/project_${ref}` });
    }
    // A read-only member reads them too.
    expect((await reader.api.get(`/api/projects/${ref}/settings/database`)).body.pooler).toEqual(body.pooler);
  });

  it('resets the password: the login changes, the stored one too, and short ones are refused', async () => {
    const short = await owner.api.patch(`/api/projects/${ref}/db-password`, { password: 'short' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Password must be at least 8 characters');
    expect((await reader.api.patch(`/api/projects/${ref}/db-password`, { password: 'a-reader-password' })).status).toBe(403);

    const password = `new-'pass\\word-${Date.now()}`;
    const reset = await owner.api.patch(`/api/projects/${ref}/db-password`, { password });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toEqual({ result: 'ok' });
    if (engine !== 'embedded') {
      const verifier = engine === 'local' ? await rolePassword('postgres', join(platform.dataDir, 'projects', ref)) : await rolePassword(`project_${ref}_owner`);
      expect(scramMatches(verifier, password)).toBe(true);
      expect(scramMatches(verifier, 'the-first-password')).toBe(false);
    }
    // Through the pooler with the string the page shows: the new password lets in, the old one not
    // (the pooler re-reads a project within a few seconds). Embedded: once the pooler serves it.
    if (engine !== 'embedded') {
      const uri = (pass: string) => `postgres://postgres.${ref}:${encodeURIComponent(pass)}@127.0.0.1:${txPort}/postgres`;
      let answer: unknown = null;
      let lastError: unknown = null;
      for (let i = 0; i < 40 && answer === null; i++) {
        const client = new pg.Client(uri(password));
        client.on('error', () => undefined);
        answer = await client.connect().then(() => client.query('select 41 + 1 as n')).then((r) => r.rows[0].n, (e: unknown) => ((lastError = e), null));
        await client.end().catch(() => undefined);
        if (answer === null) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(answer, String(lastError)).toBe(42);
      const old = new pg.Client(uri('the-first-password'));
      old.on('error', () => undefined);
      await expect(old.connect()).rejects.toThrow(/password/i);
      await old.end().catch(() => undefined);
    }
    // The project's own work still runs (its platform login is not the one changed).
    const sql = await owner.api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select 1 as one' });
    expect(sql.status).toBe(200);
  });

  it('serves the pooler config on the Management API with scoped tokens, and changes pool size and mode', async () => {
    const readOnly = await token(['database:read']);
    const listed = await readOnly.get(`/api/v1/projects/${ref}/config/database/pooler`);
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({ db_port: txPort, pool_mode: 'transaction', default_pool_size: 15 });
    expect((await readOnly.patch(`/api/v1/projects/${ref}/config/database/pooler`, { default_pool_size: 20 })).status).toBe(403);
    expect((await (await token(['projects:read'])).get(`/api/v1/projects/${ref}/config/database/pooler`)).status).toBe(403);

    const writer = await token(['database:write']);
    expect((await writer.patch(`/api/v1/projects/${ref}/config/database/pooler`, { default_pool_size: 500 })).status).toBe(400);
    expect((await writer.patch(`/api/v1/projects/${ref}/config/database/pooler`, { default_pool_size: 201 })).status).toBe(400);
    expect((await writer.patch(`/api/v1/projects/${ref}/config/database/pooler`, { default_pool_size: 20 })).body).toEqual({ default_pool_size: 20, pool_mode: 'transaction' });
    const session = await writer.patch(`/api/v1/projects/${ref}/config/database/pooler`, { pool_mode: 'session' });
    if (engine === 'embedded') {
      expect(session.status).toBe(400);
      expect(session.body.code).toBe('engine_feature_unavailable');
    } else {
      expect(session.body).toEqual({ default_pool_size: 20, pool_mode: 'session' });
      await writer.patch(`/api/v1/projects/${ref}/config/database/pooler`, { pool_mode: 'transaction' });
    }
    expect((await readOnly.get(`/api/v1/projects/${ref}/config/database/pooler`)).body[0]).toMatchObject({ default_pool_size: 20, pool_mode: 'transaction' });
  });

  it('validates and stores network restrictions (v4 and v6 apart), and a read-only member cannot change them', async () => {
    const writer = await token(['database:write']);
    const path = `/api/v1/projects/${ref}/network-restrictions`;
    expect((await writer.get(path)).body).toEqual({ entitlement: 'allowed', config: { dbAllowedCidrs: [], dbAllowedCidrsV6: [] }, status: 'applied' });
    for (const bad of [{ dbAllowedCidrs: ['300.1.2.3/24'] }, { dbAllowedCidrs: ['10.0.0.0/33'] }, { dbAllowedCidrs: ['2001:db8::/32'] }, { dbAllowedCidrsV6: ['2001:db8::/129'] }, { dbAllowedCidrs: ['10.0.0.0'] }]) {
      const response = await writer.post(`${path}/apply`, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const applied = await writer.post(`${path}/apply`, { dbAllowedCidrs: ['203.0.113.0/24', '10.0.0.1/32'], dbAllowedCidrsV6: ['2001:DB8::/32'] });
    expect(applied.body).toEqual({ entitlement: 'allowed', config: { dbAllowedCidrs: ['203.0.113.0/24', '10.0.0.1/32'], dbAllowedCidrsV6: ['2001:db8::/32'] }, status: 'applied' });
    expect((await owner.api.get(`/api/projects/${ref}/settings/database`)).body.allowed_cidrs).toEqual(['203.0.113.0/24', '10.0.0.1/32', '2001:db8::/32']);

    const readerPath = `/api/v1/projects/${ref}/network-restrictions/apply`;
    expect((await reader.api.post(readerPath, { dbAllowedCidrs: [] })).status).toBe(403);
    // Allow all access again.
    expect((await writer.post(`${path}/apply`, {})).body.config).toEqual({ dbAllowedCidrs: [], dbAllowedCidrsV6: [] });
  });

  it('refuses to enforce SSL without a TLS certificate, and allows turning it off', async () => {
    const writer = await token(['database:write']);
    const path = `/api/v1/projects/${ref}/ssl-enforcement`;
    expect((await writer.get(path)).body).toEqual({ currentConfig: { database: false }, appliedSuccessfully: true });
    const refused = await writer.put(path, { requestedConfig: { database: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('no TLS certificate');
    expect((await writer.put(path, { requestedConfig: { database: false } })).body).toEqual({ currentConfig: { database: false }, appliedSuccessfully: true });
    expect((await reader.api.put(path, { requestedConfig: { database: false } })).status).toBe(403);
  });
});
