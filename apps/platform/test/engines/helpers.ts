import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Postgres server the postgres-engine tests use (trust auth, superuser). */
export const PG_SERVER = process.env.PLINTH_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** 20 lowercase letters, like real project refs; unique enough for parallel runs on one server. */
export function randomRef(): string {
  let ref = '';
  for (let i = 0; i < 20; i++) ref += String.fromCharCode(97 + randomInt(26));
  return ref;
}

export async function tempDataDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'plinth-engines-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
