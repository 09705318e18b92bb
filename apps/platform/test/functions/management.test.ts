/**
 * Managing functions beyond deploy: the Management API's create, PATCH (settings, or a new
 * entrypoint source), `/body` and secrets, and the studio's calls (list, source as text, deploy
 * from the editor, test panel, stats and logs). Secrets reach Deno.env; a change reaches running
 * workers at their next request.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startFunctionsHarness, type FunctionsHarness, until } from './harness.ts';

const ENV_ECHO = `Deno.serve((req) => {
  const names = new URL(req.url).searchParams.getAll('name');
  return Response.json(Object.fromEntries(names.map((name) => [name, Deno.env.get(name) ?? null])));
});
`;

/** Answers with the caller's JWT claims (the relay has verified the token already). */
const WHOAMI = `Deno.serve(async (req) => {
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  const claims = token ? JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) : null;
  console.log('whoami called by ' + (claims?.role ?? 'nobody'));
  return Response.json({ role: claims?.role ?? null, sub: claims?.sub ?? null, method: req.method, body: req.method === 'GET' ? null : await req.text(), search: new URL(req.url).search, header: req.headers.get('x-test') });
});
`;

const ADMIN_SCRIPT = fileURLToPath(new URL('../../../../scripts/admin.mjs', import.meta.url));

describe('function management', () => {
  let h: FunctionsHarness;
  const v1 = () => `/api/v1/projects/${h.ref}`;

  beforeAll(async () => {
    h = await startFunctionsHarness();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('creates a one-file function from its source and refuses a second with the same slug', async () => {
    const created = await h.api.post(`${v1()}/functions`, { slug: 'whoami', name: 'Who am I', body: WHOAMI });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'whoami', name: 'Who am I', version: 1, verify_jwt: true, entrypoint_path: 'index.ts' });
    const again = await h.api.post(`${v1()}/functions`, { slug: 'whoami', body: WHOAMI });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('A function with this slug already exists.');
    const bad = await h.api.post(`${v1()}/functions`, { slug: '../etc', body: WHOAMI });
    expect(bad.status).toBe(400);
  });

  it('refuses a deploy whose source does not parse, naming the file and line', async () => {
    const broken = await h.api.post(`${v1()}/functions`, { slug: 'broken', body: 'Deno.serve((req) => {\n  return new Response("x"\n});\n' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/index\.ts:\d+/);
    expect(broken.body.message).not.toContain(h.platform.dataDir);
    expect((await h.api.get(`${v1()}/functions/broken`)).status).toBe(404);
  }, 60_000);

  it('changes verify_jwt and the name with PATCH, and deploys a new entrypoint source given as body', async () => {
    expect((await fetch(`${h.url}/functions/v1/whoami`)).status).toBe(401);
    const patched = await h.api.patch(`${v1()}/functions/whoami`, { verify_jwt: false, name: 'Open' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ verify_jwt: false, name: 'Open', version: 1 });
    const anonymous = await fetch(`${h.url}/functions/v1/whoami`);
    expect(anonymous.status).toBe(200);
    expect((await anonymous.json()).role).toBeNull();

    const source = WHOAMI.replace("Response.json({ role", "Response.json({ edited: true, role");
    const redeployed = await h.api.patch(`${v1()}/functions/whoami`, { body: source });
    expect(redeployed.body).toMatchObject({ version: 2, verify_jwt: false, name: 'Open' });
    expect((await (await fetch(`${h.url}/functions/v1/whoami`)).json()).edited).toBe(true);
    expect((await h.api.patch(`${v1()}/functions/nope`, { verify_jwt: true })).status).toBe(404);
  }, 60_000);

  it('returns the source from /body: the entrypoint as text, or multipart with metadata and every file', async () => {
    await h.deploy('two-files', { 'index.ts': "import { greet } from './lib/greet.ts';\nDeno.serve(() => new Response(greet('x')));\n", 'lib/greet.ts': 'export const greet = (n: string) => `hi ${n}`;\n' });
    const text = await fetch(`${h.platform.url}${v1()}/functions/two-files/body`, { headers: { authorization: `Bearer ${h.api.token}` } });
    expect(text.status).toBe(200);
    expect(await text.text()).toContain("import { greet } from './lib/greet.ts'");

    const multipart = await fetch(`${h.platform.url}${v1()}/functions/two-files/body`, { headers: { authorization: `Bearer ${h.api.token}`, accept: 'multipart/form-data' } });
    const form = await multipart.formData();
    expect(JSON.parse(String(form.get('metadata')))).toMatchObject({ entrypoint_path: 'supabase/functions/two-files/index.ts', verify_jwt: true, version: 1 });
    const files = form.getAll('file') as File[];
    expect(files.map((file) => file.name).sort()).toEqual(['supabase/functions/two-files/index.ts', 'supabase/functions/two-files/lib/greet.ts']);
    expect(await files.find((file) => file.name.endsWith('greet.ts'))!.text()).toContain('hi ${n}');
  }, 60_000);

  it("serves the studio's list, reads the files as text and deploys the editor's files as a new version", async () => {
    const listed = await h.api.get(`/api/projects/${h.ref}/functions`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((f: { slug: string }) => f.slug)).toEqual(expect.arrayContaining(['whoami', 'two-files']));

    const source = await h.api.get(`/api/projects/${h.ref}/functions/two-files/source`);
    expect(source.body).toMatchObject({ entrypoint_path: 'supabase/functions/two-files/index.ts', version: 1 });
    const files = source.body.files as { path: string; content: string }[];
    const edited = files.map((file) => (file.path.endsWith('greet.ts') ? { ...file, content: 'export const greet = (n: string) => `hello ${n}`;\n' } : file));
    const deployed = await h.api.post(`/api/projects/${h.ref}/functions/two-files/source`, { entrypoint_path: source.body.entrypoint_path, files: edited });
    expect(deployed.status).toBe(200);
    expect(deployed.body.version).toBe(2);
    expect(await (await fetch(`${h.url}/functions/v1/two-files`, { headers: { authorization: `Bearer ${h.anonKey}` } })).text()).toBe('hello x');

    const escaping = await h.api.post(`/api/projects/${h.ref}/functions/two-files/source`, { entrypoint_path: 'index.ts', files: [{ path: '../../secret.ts', content: 'x' }] });
    expect(escaping.status).toBe(400);
  }, 60_000);

  it('deploys every function of a folder from the command line, with its import map', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'plinth-functions-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    for (const slug of ['folder-a', 'folder-b']) {
      mkdirSync(path.join(root, slug, 'lib'), { recursive: true });
      writeFileSync(path.join(root, slug, 'index.ts'), `import { name } from 'greeting';\nDeno.serve(() => new Response(name + ' from ${slug}'));\n`);
      writeFileSync(path.join(root, slug, 'lib', 'name.ts'), "export const name = 'hello';\n");
      writeFileSync(path.join(root, slug, 'import_map.json'), JSON.stringify({ imports: { greeting: './lib/name.ts' } }));
    }
    mkdirSync(path.join(root, '_shared'));
    writeFileSync(path.join(root, '_shared', 'index.ts'), 'export {};\n');
    const token = (await h.api.post('/api/platform/profile/access-tokens', { name: 'deploy', scopes: ['edge_functions:write'] })).body.token as string;
    const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_SCRIPT, 'deploy-functions', h.ref, root, '--no-verify-jwt'], {
      env: { ...process.env, PLINTH_URL: h.platform.url, PLINTH_ACCESS_TOKEN: token },
    });
    expect(stdout).toContain('folder-a: version 1 (3 files)');
    expect(stdout).toContain('folder-b: version 1');
    expect(await (await fetch(`${h.url}/functions/v1/folder-b`)).text()).toBe('hello from folder-b');
    expect((await h.api.get(`${v1()}/functions/_shared`)).status).toBe(400);
  }, 90_000);

  it('keeps secrets by name and digest only, hands them to functions, and restarts them on a change', async () => {
    await h.deploy('env', { 'index.ts': ENV_ECHO });
    const set = await h.api.post(`${v1()}/secrets`, [{ name: 'GREETING', value: 'hej' }, { name: 'STRIPE_KEY', value: 'sk_test_1' }]);
    expect(set.status).toBe(201);
    const listed = await h.api.get(`${v1()}/secrets`);
    expect(listed.body.map((s: { name: string }) => s.name)).toEqual(['GREETING', 'STRIPE_KEY']);
    expect(listed.body[0].value).toBe(createHash('sha256').update('hej').digest('hex'));
    expect(JSON.stringify(listed.body)).not.toContain('sk_test_1');

    const read = async () => (await fetch(`${h.url}/functions/v1/env?name=GREETING&name=STRIPE_KEY&name=PLINTH_SECRET`, { headers: { authorization: `Bearer ${h.anonKey}` } })).json();
    expect(await read()).toEqual({ GREETING: 'hej', STRIPE_KEY: 'sk_test_1', PLINTH_SECRET: null });

    await h.api.post(`${v1()}/secrets`, [{ name: 'GREETING', value: 'hallo' }]);
    expect((await read()).GREETING).toBe('hallo');
    const deleted = await h.api.delete(`${v1()}/secrets`, ['STRIPE_KEY']);
    expect(deleted.status).toBe(200);
    expect(await read()).toEqual({ GREETING: 'hallo', STRIPE_KEY: null, PLINTH_SECRET: null });

    const reserved = await h.api.post(`${v1()}/secrets`, [{ name: 'SUPABASE_URL', value: 'https://evil.example' }]);
    expect(reserved.status).toBe(400);
    expect((await h.api.post(`${v1()}/secrets`, [{ name: '1BAD', value: 'x' }])).status).toBe(400);
  }, 90_000);

  it('invokes a function from the test panel as a role, with method, path, headers and body', async () => {
    await h.api.patch(`${v1()}/functions/whoami`, { verify_jwt: true });
    const asAnon = await h.api.post(`/api/projects/${h.ref}/functions/whoami/test`, { method: 'POST', path: '/deep?x=1', headers: { 'x-test': 'yes' }, body: '{"a":1}', role: 'anon' });
    expect(asAnon.status).toBe(200);
    expect(asAnon.body.status).toBe(200);
    expect(asAnon.body.body_encoding).toBe('utf8');
    expect(JSON.parse(asAnon.body.body)).toMatchObject({ role: 'anon', method: 'POST', body: '{"a":1}', search: '?x=1', header: 'yes' });
    expect(asAnon.body.duration_ms).toBeGreaterThanOrEqual(0);

    const userId = '6a2b8a8e-5c41-4f8e-9f0e-2f1d3c4b5a69';
    const asUser = await h.api.post(`/api/projects/${h.ref}/functions/whoami/test`, { method: 'GET', role: 'authenticated', user_id: userId });
    expect(JSON.parse(asUser.body.body)).toMatchObject({ role: 'authenticated', sub: userId });
    const asService = await h.api.post(`/api/projects/${h.ref}/functions/whoami/test`, { method: 'GET', role: 'service_role' });
    expect(JSON.parse(asService.body.body).role).toBe('service_role');
    expect((await h.api.post(`/api/projects/${h.ref}/functions/nope/test`, { method: 'GET', role: 'anon' })).body.status).toBe(404);
  }, 60_000);

  it("reports the function's invocations, errors and durations, and its console output", async () => {
    const logs = await until(
      async () => (await h.api.get(`/api/projects/${h.ref}/functions/whoami/logs?source=function_edge_logs&limit=50`)).body,
      (body: { entries?: { id: string; timestamp: string; metadata: unknown }[] }) => (body.entries?.length ?? 0) >= 3,
    ) as { entries: { id: string; timestamp: string; metadata: unknown }[] };
    expect(logs.entries[0].metadata).toMatchObject({ response: { status_code: 200 } });
    const consoleLines = await until(
      async () => (await h.api.get(`/api/projects/${h.ref}/functions/whoami/logs?source=function_logs`)).body,
      (body: { entries?: { event_message: string }[] }) => (body.entries ?? []).some((entry) => entry.event_message.includes('whoami called by service_role')),
    );
    expect(JSON.stringify(consoleLines)).not.toContain(h.anonKey);

    const older = await h.api.get(`/api/projects/${h.ref}/functions/whoami/logs?source=function_edge_logs&limit=1&before=${encodeURIComponent(logs.entries[0].timestamp)}`);
    expect(older.body.entries).toHaveLength(1);
    expect(older.body.entries[0].id).not.toBe(logs.entries[0].id);

    const stats = await h.api.get(`/api/projects/${h.ref}/functions/whoami/stats?interval=1h`);
    expect(stats.status).toBe(200);
    expect(stats.body.bucket_seconds).toBe(60);
    expect(stats.body.buckets).toHaveLength(60);
    expect(stats.body.totals.count).toBeGreaterThanOrEqual(3);
    expect(stats.body.totals.p95_ms).toBeGreaterThanOrEqual(stats.body.totals.p50_ms);
    expect(stats.body.buckets.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(stats.body.totals.count);
  }, 60_000);
});
