// What bench:auth measures against: a platform as its own process (local engine) with one project,
// set up through the platform's APIs as an app's owner would (users by the admin API, the refresh
// limit and signing keys by the studio's endpoints), and the bare handler's process beside it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { socketDirFor } from '../../apps/platform/src/engines/local/socket-dir.ts';
import { startChildPlatform, type ChildPlatform } from '../../apps/platform/test/support/child-platform.ts';
import type { ApiClient } from '../../apps/platform/test/support/client.ts';
import { clusterPids } from './auth-cpu.ts';
import { childPid } from './proc-stats.ts';
import { benchProject } from './rest-vs-bare.ts';

export interface AuthBench {
  child: ChildPlatform;
  /** The platform's process and the project cluster's Postgres processes (as of each call). */
  platformPids(): number[];
  postgresPids(): number[];
  api: ApiClient;
  ref: string;
  /** `${url}/p/${ref}` */
  projectUrl: string;
  anonKey: string;
  serviceKey: string;
  /** The project's legacy HS256 secret (the owner may read it). */
  jwtSecret: string;
  /** The project cluster's socket directory. */
  dbHost: string;
}

export async function startAuthBench(dataDir: string): Promise<AuthBench> {
  const child = await startChildPlatform({ PLINTH_DATA_DIR: dataDir, PLINTH_ENGINE: 'local', PLINTH_IDLE_STOP_S: '0' });
  try {
    const pid = childPid('apps/platform/src/main.ts');
    const { api, ref } = await benchProject(child);
    const postgresPids = () => clusterPids(dataDir, ref);
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    if (typeof settings.project?.jwt_secret !== 'string') throw new Error('the project settings did not include its JWT secret');
    return {
      child, api, ref,
      platformPids: () => [pid, ...postgresPids()],
      postgresPids,
      projectUrl: `${child.url}/p/${ref}`,
      anonKey: settings.autoApiService.defaultApiKey,
      serviceKey: settings.autoApiService.serviceApiKey,
      jwtSecret: settings.project.jwt_secret,
      dbHost: socketDirFor(join(dataDir, 'projects', ref)),
    };
  } catch (error) {
    await child.stop('SIGTERM');
    throw error;
  }
}

/** SQL on the project through the studio's SQL endpoint. */
export async function projectSql(bench: AuthBench, query: string): Promise<unknown> {
  const { status, body } = await bench.api.post(`/api/platform/pg-meta/${bench.ref}/query`, { query });
  if (status >= 300) throw new Error(`SQL answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

export async function patchAuthConfig(bench: AuthBench, changes: Record<string, unknown>): Promise<void> {
  const { status, body } = await bench.api.patch(`/api/platform/projects/${bench.ref}/config/auth`, changes);
  if (status >= 300) throw new Error(`PATCH config/auth answered ${status}: ${JSON.stringify(body)}`);
}

export const userEmail = (i: number) => `bench-${String(i).padStart(5, '0')}@example.com`;

/**
 * `count` confirmed users through the admin API (service key), then one stored hash for all of them:
 * hashing each at 32 MiB of scrypt would take longer than the benchmark itself on a loaded machine.
 * Every sign-in still verifies a full hash; only the salt is shared.
 */
export async function createUsers(bench: AuthBench, count: number, hash: string): Promise<void> {
  const headers = { apikey: bench.serviceKey, authorization: `Bearer ${bench.serviceKey}`, 'content-type': 'application/json' };
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < count) {
      const email = userEmail(next++);
      const response = await fetch(`${bench.projectUrl}/auth/v1/admin/users`, { method: 'POST', headers, body: JSON.stringify({ email, email_confirm: true }) });
      if (response.status !== 200) throw new Error(`creating ${email} answered ${response.status}: ${await response.text()}`);
    }
  }));
  await projectSql(bench, `update auth.users set encrypted_password = '${hash}' where email like 'bench-%@example.com'`);
}

/**
 * Vacuums the auth tables the grants churned, so that autovacuum (a Postgres process, counted as the
 * next side's CPU) does not start on them in the middle of a measurement.
 */
export async function vacuumAuthTables(bench: AuthBench): Promise<void> {
  // One statement per call: VACUUM cannot run in the implicit transaction of several.
  for (const table of ['auth.refresh_tokens', 'auth.sessions', 'auth.users', 'auth.identities', 'auth.mfa_amr_claims']) await projectSql(bench, `vacuum analyze ${table}`);
}

/** A small table for the REST reads, readable by signed-in users (no RLS). */
export async function createItemsTable(bench: AuthBench): Promise<string> {
  await projectSql(bench, `create table bench_items (id integer primary key, name text not null);
    insert into bench_items select g, 'item ' || g from generate_series(1, 100) g;
    grant select on bench_items to anon, authenticated;`);
  return `${bench.projectUrl}/rest/v1/bench_items?id=eq.1`;
}

/** A new ES256 key made current at once: new access tokens are ES256; HS256 ones still verify. */
export async function makeEs256Current(bench: AuthBench): Promise<Record<string, unknown>> {
  const { status, body } = await bench.api.post(`/api/platform/projects/${bench.ref}/config/auth/signing-keys`, { algorithm: 'ES256', status: 'in_use' });
  if (status >= 300) throw new Error(`creating the ES256 key answered ${status}: ${JSON.stringify(body)}`);
  return body.public_jwk as Record<string, unknown>;
}

export interface BareProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const BARE_SERVER = fileURLToPath(new URL('./auth-bare-server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function startBare(bench: AuthBench, hash: string): Promise<BareProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, BARE_HASH: hash, BARE_DB_HOST: bench.dbHost, BARE_JWT_SECRET: bench.jwtSecret, BARE_ISSUER: `${bench.projectUrl}/auth/v1` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bare handler did not start:\n${output}`)), 60_000);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the bare handler exited:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
