/**
 * Edge functions end to end: deployed through the Management API as the Supabase CLI sends them,
 * invoked with supabase-js, refused without a valid key or JWT, sandboxed by Deno's permissions,
 * redeployed, limited in wall-clock time and deleted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionServiceFor } from '../../src/data-plane/functions/service.ts';
import { startFunctionsHarness, type FunctionsHarness } from './harness.ts';

const HELLO = `Deno.serve(async (req) => {
  const { name } = await req.json();
  return new Response(JSON.stringify({ message: \`Hello \${name}!\`, url: Deno.env.get('SUPABASE_URL'), path: new URL(req.url).pathname, auth: req.headers.get('authorization') !== null }), { headers: { 'Content-Type': 'application/json' } });
});
`;

const PROBE = `const attempt = async (fn) => {
  try { await fn(); return 'allowed'; } catch (error) { return error?.name ?? String(error); }
};
Deno.serve(async (req) => {
  const { paths } = await req.json();
  const results = {};
  for (const path of paths) results[path] = await attempt(() => Deno.readTextFile(path));
  results.own = await attempt(() => Deno.readTextFile(new URL('./data/note.txt', import.meta.url)));
  results.write = await attempt(() => Deno.writeTextFile(new URL('./x.txt', import.meta.url), 'x'));
  results.platformEnv = Deno.env.get('PLINTH_SECRET') ?? Deno.env.get('PATH') ?? 'unset';
  results.allEnv = await attempt(() => Deno.env.toObject());
  results.run = await attempt(() => new Deno.Command('/bin/ls').output());
  results.ffi = await attempt(() => Deno.dlopen('libc.so.6', {}));
  results.ownEnv = Deno.env.get('SUPABASE_ANON_KEY') ? 'allowed' : 'missing';
  return Response.json(results);
});
`;

/** Deno processes started for this platform (their command line names its data directory). */
function denoProcessesOf(dataDir: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return args.includes('--allow-read=') && args.includes(dataDir);
    } catch {
      return false;
    }
  }).map(Number);
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('edge functions', () => {
  let h: FunctionsHarness;

  beforeAll(async () => {
    h = await startFunctionsHarness({ env: { PLINTH_FUNCTIONS_WALL_CLOCK_S: '3', PLINTH_FUNCTIONS_IDLE_S: '2' } });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
    // The platform's stop ends every Deno process it started.
    if (h) expect(denoProcessesOf(h.platform.dataDir)).toEqual([]);
  }, 60_000);

  it('deploys a function from a multipart body like the CLI\'s and lists it in Supabase\'s shape', async () => {
    const deployed = await h.deploy('hello-world', { 'index.ts': HELLO });
    expect(deployed.status).toBe(201);
    expect(deployed.body).toMatchObject({ slug: 'hello-world', name: 'hello-world', status: 'ACTIVE', version: 1, verify_jwt: true, entrypoint_path: 'supabase/functions/hello-world/index.ts' });
    expect(typeof deployed.body.id).toBe('string');
    expect(typeof deployed.body.created_at).toBe('number');
    const listed = await h.api.get(`/api/v1/projects/${h.ref}/functions`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((f: { slug: string }) => f.slug)).toEqual(['hello-world']);
    expect((await h.api.get(`/api/v1/projects/${h.ref}/functions/hello-world`)).body).toEqual(deployed.body);
  });

  it('runs it for supabase.functions.invoke(), JSON in and out, with the Authorization header passed on', async () => {
    const { data, error } = await h.client.functions.invoke('hello-world', { body: { name: 'Functions' } });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Hello Functions!', url: h.url, path: '/hello-world', auth: true });
    // A warm second call is served by the same process.
    const again = await h.client.functions.invoke('hello-world', { body: { name: 'again' } });
    expect(again.data.message).toBe('Hello again!');
    expect(functionServiceFor(h.platform.control).runtime.workerCount).toBe(1);
  });

  it('refuses a forged token or no token at all while verify_jwt is on, and lets anyone in when it is off', async () => {
    const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)));
    const refused = await fetch(`${h.url}/functions/v1/hello-world`, { method: 'POST', headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-relay-error')).toBe('true');
    expect(await refused.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const bare = await fetch(`${h.url}/functions/v1/hello-world`, { method: 'POST', body: '{"name":"x"}' });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    expect((await h.deploy('open', { 'index.ts': HELLO }, { verify_jwt: false })).status).toBe(201);
    const open = await fetch(`${h.url}/functions/v1/open/sub/path?x=1`, { method: 'POST', body: '{"name":"anyone"}' });
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ message: 'Hello anyone!', path: '/open/sub/path', auth: false });
  });

  it('keeps a function to its own files and variables: no other function, platform data, writes, subprocesses or FFI', async () => {
    const hello = (await h.api.get(`/api/v1/projects/${h.ref}/functions/hello-world`)).body;
    expect((await h.deploy('probe', { 'index.ts': PROBE, 'data/note.txt': 'mine' })).status).toBe(201);
    const dataDir = h.platform.dataDir;
    const helloFile = path.join(dataDir, 'functions', h.ref, hello.id, String(hello.version), hello.entrypoint_path);
    const paths = [helloFile, path.join(dataDir, 'secret.key'), '/etc/passwd', `../../${hello.id}/${hello.version}/${hello.entrypoint_path}`];
    const { data, error } = await h.client.functions.invoke('probe', { body: { paths } });
    expect(error).toBeNull();
    expect(readdirSync(path.dirname(helloFile))).toContain('index.ts');
    expect(data).toEqual({
      [helloFile]: 'NotCapable', [path.join(dataDir, 'secret.key')]: 'NotCapable', '/etc/passwd': 'NotCapable', [paths[3]]: 'NotCapable',
      own: 'allowed', write: 'NotCapable', platformEnv: 'unset', allEnv: 'NotCapable', run: 'NotCapable', ffi: 'NotCapable', ownEnv: 'allowed',
    });
  });

  it('serves the new code after a redeploy, with the version bumped', async () => {
    const redeployed = await h.deploy('hello-world', { 'index.ts': HELLO.replace('Hello', 'Bonjour') });
    expect(redeployed.status).toBe(201);
    expect(redeployed.body.version).toBe(2);
    const { data } = await h.client.functions.invoke('hello-world', { body: { name: 'v2' } });
    expect(data.message).toBe('Bonjour v2!');
  });

  it('answers 546 with x-relay-error to a request over the wall-clock limit, and other functions keep running', async () => {
    expect((await h.deploy('stuck', { 'index.ts': 'Deno.serve(() => new Promise(() => {}));\n' }, { verify_jwt: false })).status).toBe(201);
    const started = Date.now();
    const stuck = await fetch(`${h.url}/functions/v1/stuck`);
    expect(stuck.status).toBe(546);
    expect(stuck.headers.get('x-relay-error')).toBe('true');
    expect((await stuck.json()).code).toBe('WORKER_LIMIT');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await h.client.functions.invoke('hello-world', { body: { name: 'still here' } })).data.message).toBe('Bonjour still here!');
  });

  it('refuses bad slugs, paths that leave the function, a missing entrypoint and files over the plan\'s size', async () => {
    expect((await h.deploy('..', { 'index.ts': HELLO })).status).toBe(400);
    expect((await h.deploy('9lives', { 'index.ts': HELLO })).status).toBe(400);
    const escaping = await h.deploy('escape', { '../../../etc/index.ts': HELLO }, { entrypoint_path: '../../../etc/index.ts' });
    expect(escaping.status).toBe(400);
    expect(escaping.body.message).toMatch(/not a relative path/);
    expect((await h.deploy('nomain', { 'other.ts': HELLO })).status).toBe(400);
    const big = await h.deploy('big', { 'index.ts': HELLO, 'blob.bin': new Uint8Array(2 * 1024 * 1024 + 10) });
    expect(big.status).toBe(413);
    expect((await h.api.get(`/api/v1/projects/${h.ref}/functions/big`)).status).toBe(404);
  });

  it('streams a response as the function writes it (server-sent events)', async () => {
    const source = `Deno.serve(() => new Response(new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('data: one\\n\\n')); } }), { headers: { 'content-type': 'text/event-stream' } }));\n`;
    expect((await h.deploy('events', { 'index.ts': source }, { verify_jwt: false })).status).toBe(201);
    const response = await fetch(`${h.url}/functions/v1/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    // The stream never ends: the first event arriving proves it is passed on as it is written.
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    await reader.cancel();
  });

  it('stops an idle function\'s process, and starts it again for the next request', async () => {
    const runtime = functionServiceFor(h.platform.control).runtime;
    expect((await h.client.functions.invoke('probe', { body: { paths: [] } })).error).toBeNull();
    expect(runtime.workerCount).toBeGreaterThan(0);
    expect(denoProcessesOf(h.platform.dataDir).length).toBe(runtime.workerCount);
    await until(() => runtime.workerCount === 0);
    // The worker is dropped when it is told to stop; its process exits a moment later (slower under load).
    await until(() => denoProcessesOf(h.platform.dataDir).length === 0);
    expect(denoProcessesOf(h.platform.dataDir)).toEqual([]);
    expect((await h.client.functions.invoke('probe', { body: { paths: [] } })).data.own).toBe('allowed');
  });

  it('deletes a function: it is gone from the API and its URL answers 404', async () => {
    const deleted = await h.api.delete(`/api/v1/projects/${h.ref}/functions/hello-world`);
    expect(deleted.body).toEqual({ message: 'Successfully deleted function hello-world' });
    expect(deleted.status).toBe(200);
    expect((await h.api.get(`/api/v1/projects/${h.ref}/functions/hello-world`)).status).toBe(404);
    const gone = await fetch(`${h.url}/functions/v1/hello-world`, { method: 'POST', headers: { authorization: `Bearer ${h.anonKey}` }, body: '{}' });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});
