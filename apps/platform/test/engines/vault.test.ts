/**
 * Vault on each engine: secrets round-trip through vault.create_secret / update_secret /
 * decrypted_secrets with a key the engine gives its sessions and never stores; the table holds only
 * ciphertext; the API roles cannot reach it; a row copied to another project does not decrypt; a
 * session without the key is told so; a project from before the vault gets it when it is opened.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Database, type Engine, type EngineName, type ProjectLocation } from '../../src/engines/index.ts';
import { LOCAL_SUPERUSER, socketPool } from '../../src/engines/local/local-engine.ts';
import { PG_SERVER, randomRef, tempDataDir } from './helpers.ts';

const vaultKeys = (ref: string) => createHash('sha256').update(`vault-test:${ref}`).digest('base64url');

function newEngine(name: EngineName, dataDir: string): Engine {
  return createEngine({ engine: name, dataDir, projectServers: [PG_SERVER], loginSecret: 'test-login-secret', vaultKeys });
}

interface SecretRow {
  id: string;
  name: string | null;
  description: string;
  secret: string;
  decrypted_secret: string | null;
  key_id: string | null;
}

async function readSecret(db: Database, id: string): Promise<SecretRow> {
  const { rows } = await db.query<SecretRow>('select id, name, description, secret, decrypted_secret, key_id::text from vault.decrypted_secrets where id = $1', [id]);
  return rows[0];
}

/** Runs `sql` as `role` in a transaction rolled back after, and returns the error it raised (or null). */
async function errorAs(db: Database, role: string, sql: string): Promise<{ code?: string; message: string } | null> {
  return db.transaction(async (tx) => {
    await tx.query(`set local role ${role}`);
    await tx.query(sql);
    return null;
  }).catch((error: { code?: string; message: string }) => error);
}

/** The engine's superuser, in the project's database: to take the vault away as an older project lacks it. */
async function asSuperuser(name: EngineName, engine: Engine, location: ProjectLocation, sql: string, db: Database): Promise<void> {
  if (name === 'embedded') return db.exec(sql); // the embedded session is the superuser's
  if (name === 'local') {
    const admin = socketPool(engine.connectionInfo(location).host, LOCAL_SUPERUSER, 1);
    try {
      await admin.exec(sql);
    } finally {
      await admin.close();
    }
    return;
  }
  const url = new URL(PG_SERVER);
  url.pathname = `/${engine.connectionInfo(location).database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function filesContain(dir: string, needle: Buffer): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const content = await readFile(path).catch(() => null);
    if (content?.includes(needle)) found.push(path);
  }
  return found;
}

for (const name of ['embedded', 'local', 'postgres'] as const) {
  describe(`vault on the ${name} engine`, () => {
    let engine: Engine;
    let dataDir: string;
    let cleanup: () => Promise<void>;
    let a: ProjectLocation;
    let b: ProjectLocation;

    beforeAll(async () => {
      const tmp = await tempDataDir();
      dataDir = tmp.dir;
      cleanup = tmp.cleanup;
      engine = newEngine(name, dataDir);
      a = await engine.createProject(randomRef(), { dbPassword: 'vault-test-password' });
      b = await engine.createProject(randomRef(), { dbPassword: 'vault-test-password' });
    }, 180_000);

    afterAll(async () => {
      for (const location of [a, b]) if (location) await engine.dropProject(location).catch(() => undefined);
      await engine.close();
      await cleanup();
    }, 60_000);

    it('creates, reads and updates a secret; the table holds ciphertext only', async () => {
      const db = await engine.project(a);
      const { rows } = await db.query<{ id: string }>(`select vault.create_secret('s3cr3t-value', 'stripe_key', 'Stripe test key') as id`);
      const created = await readSecret(db, rows[0].id);
      expect(created).toMatchObject({ name: 'stripe_key', description: 'Stripe test key', decrypted_secret: 's3cr3t-value' });
      expect(created.secret).not.toContain('s3cr3t-value');
      expect(Buffer.from(created.secret, 'base64').includes('s3cr3t-value')).toBe(false);

      await db.query(`select vault.update_secret($1, 'n3w-value', 'stripe_live', 'Live key')`, [created.id]);
      const updated = await readSecret(db, created.id);
      expect(updated).toMatchObject({ name: 'stripe_live', description: 'Live key', decrypted_secret: 'n3w-value' });
      expect(updated.secret).not.toBe(created.secret);
      // Only the name: the value stays as it was.
      await db.query(`select vault.update_secret($1, new_name => 'renamed')`, [created.id]);
      expect(await readSecret(db, created.id)).toMatchObject({ name: 'renamed', description: 'Live key', decrypted_secret: 'n3w-value' });
      // Names are unique, as on Supabase.
      await expect(db.query(`select vault.create_secret('x', 'renamed')`)).rejects.toMatchObject({ code: '23505' });
    });

    it('keeps anon and authenticated out; service_role may use it', async () => {
      const db = await engine.project(a);
      for (const role of ['anon', 'authenticated']) {
        for (const sql of ['select * from vault.secrets', 'select * from vault.decrypted_secrets', `select vault.create_secret('x')`]) {
          expect(await errorAs(db, role, sql), `${role}: ${sql}`).toMatchObject({ code: '42501' });
        }
      }
      expect(await errorAs(db, 'service_role', `select vault.create_secret('by service role')`)).toBeNull();
      expect(await errorAs(db, 'service_role', `select count(*) from vault.decrypted_secrets`)).toBeNull();
    });

    it('still decrypts after the project is closed and opened again', async () => {
      let db = await engine.project(a);
      const { rows } = await db.query<{ id: string }>(`select vault.create_secret('survives-reopen', 'reopen') as id`);
      await engine.closeProject(a);
      db = await engine.project(a);
      expect((await readSecret(db, rows[0].id)).decrypted_secret).toBe('survives-reopen');
    });

    it("cannot decrypt another project's ciphertext copied across", async () => {
      const dbA = await engine.project(a);
      const dbB = await engine.project(b);
      const { rows } = await dbA.query<{ id: string }>(`select vault.create_secret('only-for-a', 'copied') as id`);
      const row = await readSecret(dbA, rows[0].id);
      await dbB.query('insert into vault.secrets (id, name, secret, key_id) values ($1, $2, $3, $4)', [row.id, row.name, row.secret, row.key_id]);
      expect((await readSecret(dbB, row.id)).decrypted_secret).toBeNull();
      // Claiming B's key does not help: the ciphertext is A's.
      const ownId = (await dbB.query<{ id: string }>(`select vault.create_secret('b-own') as id`)).rows[0].id;
      await dbB.query('update vault.secrets set key_id = (select key_id from vault.secrets where id = $2) where id = $1', [row.id, ownId]);
      expect((await readSecret(dbB, row.id)).decrypted_secret).toBeNull();
      // And the rest of B's secrets still read.
      expect((await dbB.query(`select decrypted_secret from vault.decrypted_secrets where name is null`)).rows).toEqual([{ decrypted_secret: 'b-own' }]);
    });

    it('a session without the key is told so, not given a wrong answer', async () => {
      const db = await engine.project(a);
      const withoutKey = await db.transaction(async (tx) => {
        await tx.query(`set local plinth.vault_key = ''`);
        await tx.query(`select vault.create_secret('no key')`);
      }).catch((error: Error) => error);
      expect(withoutKey).toMatchObject({ message: 'vault key not available on this connection' });
      if (name === 'postgres') {
        // A direct login (as through the pooler) has no key.
        const url = new URL(PG_SERVER);
        const info = engine.connectionInfo(a);
        url.pathname = `/${info.database}`;
        url.username = info.user;
        url.password = 'vault-test-password';
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await expect(client.query('select decrypted_secret from vault.decrypted_secrets')).rejects.toThrow('vault key not available on this connection');
        } finally {
          await client.end();
        }
      }
    });

    it.skipIf(name !== 'embedded')("the key is in none of the project's files", async () => {
      const db = await engine.project(a);
      await db.query(`select vault.create_secret('on-disk-check')`);
      await db.query('checkpoint');
      expect(await filesContain(join(dataDir, 'projects', a.ref), Buffer.from(vaultKeys(a.ref)))).toEqual([]);
    });

    it('a project from before the vault gets it when opened', async () => {
      const db = await engine.project(b);
      await asSuperuser(name, engine, b, 'drop schema vault cascade', db);
      await engine.close();
      engine = newEngine(name, dataDir);
      const reopened = await engine.project(b);
      const { rows } = await reopened.query<{ id: string }>(`select vault.create_secret('after-upgrade') as id`);
      expect((await readSecret(reopened, rows[0].id)).decrypted_secret).toBe('after-upgrade');
      expect(await errorAs(reopened, 'anon', 'select * from vault.secrets')).toMatchObject({ code: '42501' });
    }, 60_000);
  });
}
