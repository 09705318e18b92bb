/**
 * The function runtime beyond a plain request: imports resolved through an import map or deno.json,
 * `npm:` packages fetched at deploy into the version's own module cache, the CPU-time and memory
 * limits (546 WORKER_LIMIT while other functions keep answering), a function that exits the process
 * (502, then a fresh worker), the invocation and console logs, and a deleted function's worker
 * stopped at once. The deploy check is also called directly, as the deploy path calls it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlinthError } from '@plinth/errors';
import { checkDeployment } from '../../src/data-plane/functions/check.ts';
import { startFunctionsHarness, type FunctionsHarness, until, processesReading } from './harness.ts';

const GREETING_MODULE = `export const greeting = (name: string) => \`Hi \${name}, from a mapped module\`;\n`;
const USES_MAPPED = `import { greeting } from 'greetings';
Deno.serve(() => new Response(greeting('map')));
`;
const USES_NPM = `import isOdd from 'npm:is-odd@3.0.1';
Deno.serve(() => Response.json({ three: isOdd(3), four: isOdd(4) }));
`;
const HELLO = `Deno.serve(() => new Response('hello'));\n`;
const SPIN = `Deno.serve(() => { while (true) {} });\n`;
const BRIEF_WORK = `Deno.serve(() => { const end = Date.now() + 300; let n = 0; while (Date.now() < end) n++; return new Response('done'); });\n`;
const HOARD_HEAP = `Deno.serve(() => { const kept = []; while (true) kept.push(new Array(100_000).fill(Math.random())); });\n`;
const HOARD_BUFFERS = `Deno.serve(() => { const kept = []; while (true) kept.push(new Uint8Array(16 * 1024 * 1024).fill(1)); });\n`;
const EXITS = `let calls = 0;
Deno.serve((req) => {
  calls += 1;
  if (new URL(req.url).searchParams.has('exit')) Deno.exit(3);
  return Response.json({ calls });
});
`;
const CHATTY = `Deno.serve(async (req) => {
  console.log('handling', { path: new URL(req.url).pathname });
  console.warn('slow disk');
  console.error('it broke: ' + Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')?.length + ' chars of key');
  console.info('multi\\nline');
  return new Response('logged', { status: 201 });
});
`;

describe('checkDeployment', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-check-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const location = (version: number) => ({ dataDir, ref: 'abcdefghijklmnopqrst', id: 'f1', version });

  it('refuses a syntax error with Deno\'s message, the file and line relative to the function, and leaves nothing on disk', async () => {
    const files = [{ path: 'index.ts', content: Buffer.from('const a = 1;\nconsole.log(a);\nlet x y = 2;\n') }];
    const error = await checkDeployment({ ...location(1), entrypoint: 'index.ts', importMap: null, files }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlinthError);
    expect((error as PlinthError).code).toBe('function_invalid');
    expect((error as PlinthError).message).toMatch(/index\.ts:3:7/);
    expect((error as PlinthError).message).not.toContain(dataDir);
    expect((error as PlinthError).message).not.toContain('file://');
    expect(existsSync(path.join(dataDir, 'functions', 'abcdefghijklmnopqrst', 'f1', '1'))).toBe(false);
  }, 60_000);

  it('refuses an import that does not resolve, naming it', async () => {
    const files = [{ path: 'index.ts', content: Buffer.from("import './missing.ts';\n") }];
    const error = await checkDeployment({ ...location(2), entrypoint: 'index.ts', importMap: null, files }).catch((caught: unknown) => caught);
    expect((error as PlinthError).message).toMatch(/missing\.ts/);
    expect((error as PlinthError).message).not.toContain(dataDir);
  }, 60_000);

  it('downloads an npm: import into the version\'s own module cache', async () => {
    const files = [{ path: 'index.ts', content: Buffer.from(USES_NPM) }];
    await checkDeployment({ ...location(3), entrypoint: 'index.ts', importMap: null, files });
    const cache = path.join(dataDir, 'functions', 'abcdefghijklmnopqrst', 'f1', '3.cache', 'npm', 'registry.npmjs.org');
    expect(readdirSync(cache)).toEqual(expect.arrayContaining(['is-odd', 'is-number']));
    expect(readdirSync(path.join(dataDir, 'functions', 'abcdefghijklmnopqrst', 'f1', '3'))).toContain('index.ts');
  }, 60_000);
});

describe('function runtime limits, imports and logs', () => {
  let h: FunctionsHarness;

  beforeAll(async () => {
    h = await startFunctionsHarness({ plan: 'pro', env: { PLINTH_FUNCTIONS_WALL_CLOCK_S: '20', PLINTH_FUNCTIONS_CPU_S: '1', PLINTH_FUNCTIONS_MEMORY_MB: '64' } });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  const call = (slug: string, query = '') => fetch(`${h.url}/functions/v1/${slug}${query}`);

  it('resolves bare specifiers through an import map, or through the imports of a deno.json', async () => {
    const withMap = await h.deploy('mapped', {
      'index.ts': USES_MAPPED, 'lib/greetings.ts': GREETING_MODULE, 'import_map.json': JSON.stringify({ imports: { greetings: './lib/greetings.ts' } }),
    }, { verify_jwt: false, import_map_path: 'supabase/functions/mapped/import_map.json' });
    expect(withMap.status).toBe(201);
    expect(await (await call('mapped')).text()).toBe('Hi map, from a mapped module');

    const withConfig = await h.deploy('configured', {
      'index.ts': USES_MAPPED, 'lib/greetings.ts': GREETING_MODULE, 'deno.json': JSON.stringify({ imports: { greetings: './lib/greetings.ts' } }),
    }, { verify_jwt: false, import_map_path: 'supabase/functions/configured/deno.json' });
    expect(withConfig.status).toBe(201);
    expect(await (await call('configured')).text()).toBe('Hi map, from a mapped module');

    // Without the map the bare specifier cannot resolve: the deploy says so.
    const unmapped = await h.deploy('unmapped', { 'index.ts': USES_MAPPED, 'lib/greetings.ts': GREETING_MODULE }, { verify_jwt: false });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.message).toMatch(/greetings/);
  }, 60_000);

  it('runs an npm: import from the module cache filled at deploy', async () => {
    const deployed = await h.deploy('odd', { 'index.ts': USES_NPM }, { verify_jwt: false });
    expect(deployed.status).toBe(201);
    const cache = path.join(h.platform.dataDir, 'functions', h.ref, deployed.body.id, '1.cache', 'npm', 'registry.npmjs.org', 'is-odd');
    expect(existsSync(cache)).toBe(true);
    expect(await (await call('odd')).json()).toEqual({ three: true, four: false });
  }, 60_000);

  it('stops a request over the CPU-time limit with 546 WORKER_LIMIT while another function keeps answering', async () => {
    for (const [slug, source] of [['spin', SPIN], ['hello', HELLO], ['brief', BRIEF_WORK]]) {
      expect((await h.deploy(slug, { 'index.ts': source }, { verify_jwt: false })).status).toBe(201);
    }
    expect(await (await call('hello')).text()).toBe('hello');
    const started = Date.now();
    const spinning = call('spin');
    // While one worker spins, another function's worker answers.
    expect(await (await call('hello')).text()).toBe('hello');
    const stopped = await spinning;
    expect(stopped.status).toBe(546);
    expect(stopped.headers.get('x-relay-error')).toBe('true');
    expect(await stopped.json()).toEqual({ code: 'WORKER_LIMIT', message: 'Function failed due to not having enough compute resources (please check logs)' });
    // Stopped by its CPU time (1 s), long before the wall clock (20 s).
    expect(Date.now() - started).toBeLessThan(6000);
    // Work under the limit is not cut short.
    const brief = await call('brief');
    expect(brief.status).toBe(200);
    expect(await brief.text()).toBe('done');
  }, 60_000);

  it('stops a worker that allocates without bound, on the heap or in buffers, with 546 WORKER_LIMIT', async () => {
    expect((await h.deploy('hoard-heap', { 'index.ts': HOARD_HEAP }, { verify_jwt: false })).status).toBe(201);
    expect((await h.deploy('hoard-buffers', { 'index.ts': HOARD_BUFFERS }, { verify_jwt: false })).status).toBe(201);
    for (const slug of ['hoard-heap', 'hoard-buffers']) {
      const response = await call(slug);
      expect(response.status, slug).toBe(546);
      expect((await response.json()).code).toBe('WORKER_LIMIT');
    }
    expect(await (await call('hello')).text()).toBe('hello');
  }, 60_000);

  it('answers 502 WORKER_ERROR when a function exits mid-request, and starts a fresh worker for the next one', async () => {
    expect((await h.deploy('exits', { 'index.ts': EXITS }, { verify_jwt: false })).status).toBe(201);
    expect(await (await call('exits')).json()).toEqual({ calls: 1 });
    const exited = await call('exits', '?exit');
    expect(exited.status).toBe(502);
    expect(exited.headers.get('x-relay-error')).toBe('true');
    expect((await exited.json()).code).toBe('WORKER_ERROR');
    // A new process: its count starts again.
    expect(await (await call('exits')).json()).toEqual({ calls: 1 });
  }, 60_000);

  it('logs each invocation in function_edge_logs and each console call in function_logs, without keys', async () => {
    const deployed = await h.deploy('chatty', { 'index.ts': CHATTY });
    expect(deployed.status).toBe(201);
    const response = await fetch(`${h.url}/functions/v1/chatty/sub?x=1`, { method: 'POST', headers: { authorization: `Bearer ${h.anonKey}`, 'x-trace': 'abc' }, body: 'hi' });
    expect(response.status).toBe(201);
    await response.text();
    const db = h.platform.control.db;
    type Row = { event_message: string; metadata: Record<string, any> };
    const rowsOf = async (source: string) => (await db.query<Row>(`select event_message, metadata from ${source} where project_ref = $1 and metadata->>'function_id' = $2 order by timestamp`, [h.ref, deployed.body.id])).rows
      .map((row) => ({ ...row, metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata }));

    const [invocation] = await until(() => rowsOf('function_edge_logs'), (rows) => rows.length > 0);
    expect(invocation.event_message).toBe(`POST | 201 | ${h.url}/functions/v1/chatty/sub`);
    expect(invocation.metadata).toMatchObject({
      function_id: deployed.body.id, version: 1, response: { status_code: 201 },
      request: { method: 'POST', search: '?x=1', headers: { x_trace: 'abc' } },
    });
    expect(invocation.metadata.execution_time_ms).toBeGreaterThan(0);
    expect(typeof invocation.metadata.execution_id).toBe('string');
    expect(invocation.metadata.request.headers.authorization).toBeUndefined();

    const lines = await until(() => rowsOf('function_logs'), (rows) => rows.some((row) => row.event_message.startsWith('multi')));
    const logged = lines.filter((row) => row.metadata.event_type === 'Log').map((row) => [row.metadata.level, row.event_message]);
    // Entries written in the same millisecond have no order of their own.
    expect(logged).toHaveLength(4);
    expect(logged).toEqual(expect.arrayContaining([
      ['log', "handling { path: \"/chatty/sub\" }"],
      ['warning', 'slow disk'],
      ['error', expect.stringMatching(/^it broke: \d+ chars of key$/)],
      ['info', 'multi\nline'],
    ]));
    const boot = lines.find((row) => row.metadata.event_type === 'Boot');
    expect(boot?.event_message).toMatch(/^booted \(time: \d+ms\)$/);
    expect(boot?.metadata.execution_id).toBe(invocation.metadata.execution_id);
    const everything = JSON.stringify(await rowsOf('function_edge_logs')) + JSON.stringify(lines);
    expect(everything).not.toContain(h.anonKey);
    expect(everything).not.toContain(h.serviceKey);

    // The workers stopped over a limit earlier say why.
    const shutdownOf = async (slug: string) => {
      const { id } = (await h.api.get(`/api/v1/projects/${h.ref}/functions/${slug}`)).body;
      const rows = await until(
        async () => (await db.query<Row>(`select event_message, metadata from function_logs where project_ref = $1 and metadata->>'function_id' = $2 and metadata->>'event_type' = 'Shutdown'`, [h.ref, id])).rows,
        (found) => found.length > 0,
      );
      return rows[0].event_message;
    };
    expect(await shutdownOf('spin')).toBe('shutdown (CPU time limit reached)');
    expect(await shutdownOf('hoard-heap')).toBe('shutdown (memory limit reached)');
    expect(await shutdownOf('hoard-buffers')).toBe('shutdown (memory limit reached)');
    expect(await shutdownOf('exits')).toBe('shutdown (the function exited)');
  }, 60_000);

  it('answers 503 BOOT_ERROR for a function that throws as it loads, and logs why', async () => {
    const deployed = await h.deploy('throws', { 'index.ts': "throw new Error('MISSING_SETTING is not set');\nDeno.serve(() => new Response('never'));\n" }, { verify_jwt: false });
    expect(deployed.status).toBe(201);
    const response = await call('throws');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
    const { rows } = await until(
      () => h.platform.control.db.query<{ event_message: string; metadata: unknown }>(`select event_message, metadata from function_logs where project_ref = $1 and metadata->>'function_id' = $2`, [h.ref, deployed.body.id]),
      (result) => result.rows.some((row) => row.event_message.includes('MISSING_SETTING is not set')),
    );
    const error = rows.find((row) => row.event_message.includes('MISSING_SETTING is not set'))!;
    expect(error.event_message).toMatch(/^error: Uncaught \(in promise\) Error: MISSING_SETTING is not set/);
    expect(JSON.stringify(error.metadata)).toContain('"level":"error"');
    expect(error.event_message).not.toContain(h.platform.dataDir);
  }, 60_000);

  it('stops a deleted function\'s worker on this node at once and removes its files', async () => {
    const hello = (await h.api.get(`/api/v1/projects/${h.ref}/functions/hello`)).body;
    const directory = path.join(h.platform.dataDir, 'functions', h.ref, hello.id);
    expect(await (await call('hello')).text()).toBe('hello');
    expect(processesReading(directory)).toHaveLength(1);
    expect((await h.api.delete(`/api/v1/projects/${h.ref}/functions/hello`)).status).toBe(200);
    // Well before the idle timeout (60 s).
    await until(async () => processesReading(directory).length, (count) => count === 0, 10_000);
    await until(async () => existsSync(directory), (exists) => !exists, 10_000);
    expect((await call('hello')).status).toBe(404);
  }, 60_000);
});
