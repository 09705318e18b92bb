/** Shared by the pooler suites: a project per engine, and clients that connect through the pooler. */
import { execFile, execFileSync } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { signUp, waitForStatus } from '../support/client.ts';
import { startPlatform, type EngineName } from '../support/platform.ts';

export type Platform = Awaited<ReturnType<typeof startPlatform>>;

export const PASSWORD = 'pooler-test-password';

export async function startWithProjects(engine: EngineName, count: number): Promise<{ platform: Platform; refs: string[] }> {
  const platform = await startPlatform({ engine });
  const owner = await signUp(platform.url);
  const slug: string = (await owner.api.post('/api/organizations', { name: 'Pooler', plan: 'free' })).body.slug;
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await owner.api.post('/api/projects', { name: `p${i}`, organization_slug: slug, db_pass: `${PASSWORD}-${i}` });
    if (created.status !== 201 && created.status !== 200) throw new Error(`project creation failed: ${JSON.stringify(created.body)}`);
    refs.push(created.body.ref);
  }
  for (const ref of refs) await waitForStatus(owner.api, ref, 'ACTIVE_HEALTHY');
  return { platform, refs };
}

export function connect(port: number, ref: string, password: string, extra: Partial<pg.ClientConfig> = {}): pg.Client {
  return new pg.Client({ host: '127.0.0.1', port, user: `postgres.${ref}`, password, database: 'postgres', ...extra });
}

export async function connected(port: number, ref: string, password: string): Promise<pg.Client> {
  const client = connect(port, ref, password);
  await client.connect();
  return client;
}

/** The error a login fails with (or null when it succeeds). */
export async function loginError(port: number, ref: string, password: string): Promise<Error | null> {
  const client = connect(port, ref, password);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error as Error;
  }
}

/** Sends a CancelRequest for `client`'s key to the pooler, as libpq does. */
export function cancel(port: number, client: pg.Client): Promise<void> {
  const { processID, secretKey } = client as unknown as { processID: number; secretKey: number };
  const packet = Buffer.alloc(16);
  packet.writeUInt32BE(16, 0);
  packet.writeUInt32BE(80877102, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(packet));
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/** Writes `bytes` to the port and resolves with what came back once the pooler closed the connection. */
export function sendRaw(port: number, bytes: Buffer, waitMs = 3_000): Promise<{ reply: Buffer; closed: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const timer = setTimeout(() => (socket.destroy(), resolve({ reply: Buffer.concat(chunks), closed: false })), waitMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => (clearTimeout(timer), resolve({ reply: Buffer.concat(chunks), closed: true })));
  });
}

export function hasPsql(): boolean {
  try {
    execFileSync('psql', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * psql, asynchronously: the pooler runs in this very process, so a synchronous child would block
 * the event loop the pooler needs to answer it.
 */
export function psql(args: string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('psql', args, { timeout: 20_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)));
    child.stdin!.end(input);
  });
}
