/**
 * TLS at the pooler: offered on SSLRequest when a certificate is configured, and required when the
 * project enforces SSL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';
import { loginError, PASSWORD, type Platform } from './support.ts';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!hasOpenssl())('TLS at the pooler', () => {
  let platform: Platform;
  let ref: string;
  let dir: string;
  const password = `${PASSWORD}-0`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pooler-tls-'));
    const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    platform = await startPlatform({ engine: 'postgres', env: { PLINTH_POOLER_TLS_CERT: cert, PLINTH_POOLER_TLS_KEY: key } });
    const owner = await signUp(platform.url);
    const slug: string = (await owner.api.post('/api/organizations', { name: 'Tls', plan: 'free' })).body.slug;
    ref = (await owner.api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: password })).body.ref;
    await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('speaks TLS when asked, and refuses plain connections once SSL is enforced', async () => {
    const port = platform.pooler.ports.transaction!;
    const secure = new pg.Client({ host: '127.0.0.1', port, user: `postgres.${ref}`, password, database: 'postgres', ssl: { rejectUnauthorized: false } });
    await secure.connect();
    expect((await secure.query('select 1 as one')).rows[0].one).toBe(1);
    await secure.end();
    await platform.control.db.query('insert into project_database_settings (project_ref, ssl_enforced) values ($1, true)', [ref]);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect((await loginError(port, ref, password))?.message).toMatch(/SSL connection is required/);
    const again = new pg.Client({ host: '127.0.0.1', port, user: `postgres.${ref}`, password, database: 'postgres', ssl: { rejectUnauthorized: false } });
    await again.connect();
    await again.end();
  });
});
