/**
 * Bad input never gives a 500 or shows a stack trace: every endpoint of /api/openapi.json (so new
 * endpoints are walked as they are added), platform and project auth, and the REST data plane get
 * malformed JSON, wrong types, NUL bytes, 1 MB strings, deep nesting, huge numbers and long or NUL
 * path parameters, one request per endpoint and kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequests, type BadRequest, type JsonSchema, type Operation, type Parameter } from '../support/bad-requests.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { ENGINES, startPlatform } from '../support/platform.ts';

const STACK_TRACE = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+:\d+/;
const CONCURRENCY = 4;

const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
const uuid = str({ format: 'uuid' });
const freeForm: JsonSchema = { type: 'object' };
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const query = (name: string, schema: JsonSchema): Parameter => ({ name, in: 'query', schema });
const path = (name: string, schema: JsonSchema = str()): Parameter => ({ name, in: 'path', schema });

/** The platform API as its OpenAPI document lists it; deletions last, so they cannot pull the rug from the rest. */
function apiOperations(document: { paths: Record<string, Record<string, any>> }, headers: Record<string, string>): Operation[] {
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({ method: method.toUpperCase(), path: route, parameters: op.parameters ?? [], body: op.requestBody?.content['application/json']?.schema, headers });
    }
  }
  return operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** GoTrue's routes, at /auth/v1 or /p/{ref}/auth/v1; sign-out last. */
function authOperations(base: string, user: Record<string, string>, admin: Record<string, string>): Operation[] {
  const email = str({ format: 'email', maxLength: 320 });
  const password = str({ maxLength: 1024, default: 'a-long-enough-password' });
  const attributes = obj({ email, password, email_confirm: { type: 'boolean' }, user_metadata: freeForm, app_metadata: freeForm, role: str({ maxLength: 63 }), ban_duration: str({ default: 'none' }) });
  const baseParameters = base.includes('{ref}') ? [path('ref')] : [];
  const op = (method: string, route: string, parameters: Parameter[], body: JsonSchema | undefined, headers = user): Operation => ({
    method,
    path: `${base}${route}`,
    parameters: [...baseParameters, ...parameters],
    body,
    headers,
  });
  return [
    op('GET', '/settings', [], undefined),
    op('POST', '/signup', [], obj({ email, password, data: freeForm })),
    op('POST', '/token', [query('grant_type', str({ default: 'password' }))], obj({ email, password })),
    op('POST', '/token', [query('grant_type', str({ default: 'refresh_token' }))], obj({ refresh_token: str() })),
    op('GET', '/user', [], undefined),
    op('PUT', '/user', [], obj({ email, password, data: freeForm })),
    op('POST', '/factors', [], obj({ factor_type: str({ default: 'totp' }), friendly_name: str({ maxLength: 120 }), issuer: str({ maxLength: 120 }) })),
    op('POST', '/factors/{id}/challenge', [path('id', uuid)], undefined),
    op('POST', '/factors/{id}/verify', [path('id', uuid)], obj({ challenge_id: uuid, code: str({ default: '123456' }) })),
    op('DELETE', '/factors/{id}', [path('id', uuid)], undefined),
    op('GET', '/admin/users', [query('page', { type: 'integer', default: 1 }), query('per_page', { type: 'integer', default: 50 })], undefined, admin),
    op('POST', '/admin/users', [], attributes, admin),
    op('GET', '/admin/users/{id}', [path('id', uuid)], undefined, admin),
    op('PUT', '/admin/users/{id}', [path('id', uuid)], attributes, admin),
    op('DELETE', '/admin/users/{id}', [path('id', uuid)], undefined, admin),
    op('POST', '/logout', [query('scope', str({ default: 'local' }))], undefined),
  ];
}

/** The REST data plane over a table and a function made for the test. */
function restOperations(headers: Record<string, string>): Operation[] {
  const base = '/p/{ref}/rest/v1';
  const project = path('ref');
  const table = path('table', str({ default: 'bad_input' }));
  const fn = path('fn', str({ default: 'echo' }));
  const row = obj({ id: { type: 'integer' }, name: str(), doc: freeForm });
  const writeHeaders = { ...headers, prefer: 'return=representation' };
  const filters = [query('select', str({ default: 'id,name,doc' })), query('name', str({ default: 'eq.v' })), query('order', str({ default: 'id.desc' })), query('limit', { type: 'integer', default: 10 })];
  return [
    { method: 'GET', path: `${base}/`, parameters: [project], headers },
    { method: 'GET', path: `${base}/{table}`, parameters: [project, table, ...filters], headers },
    { method: 'POST', path: `${base}/{table}`, parameters: [project, table], body: row, headers: writeHeaders },
    { method: 'PATCH', path: `${base}/{table}`, parameters: [project, table, query('id', str({ default: 'eq.1' }))], body: obj({ name: str(), doc: freeForm }), headers: writeHeaders },
    { method: 'DELETE', path: `${base}/{table}`, parameters: [project, table, query('id', str({ default: 'eq.1' }))], headers },
    { method: 'GET', path: `${base}/rpc/{fn}`, parameters: [project, fn, query('x', str({ default: 'v' }))], headers },
    { method: 'POST', path: `${base}/rpc/{fn}`, parameters: [project, fn], body: obj({ x: str() }), headers },
  ];
}

interface Outcome {
  request: BadRequest;
  status: number;
  text: string;
}

/**
 * A dropped connection counts as a failure too (status 0), with its cause. It is tried once more
 * first: a kept-alive connection the server closed after an earlier answer (the 413s and 431s here)
 * can be picked for the next request before the client sees the close; a request that itself breaks
 * the connection breaks it twice.
 */
async function send(baseUrl: string, request: BadRequest, attempt = 1): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers: request.headers, body: request.body });
    return { request, status: response.status, text: await response.text() };
  } catch (error) {
    if (attempt === 1) return send(baseUrl, request, 2);
    return { request, status: 0, text: `no response: ${String((error as Error).cause ?? error)}` };
  }
}

/** Runs `items` with at most `size` in flight; results keep the input order. */
async function inPool<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
  return results;
}

/** No answer, a 5xx (501 is an honest "not yet") or a stack trace in the body is a failure; described for the report. */
function failuresOf(outcomes: Outcome[]): string[] {
  return outcomes
    .filter(({ status, text }) => status === 0 || (status >= 500 && status !== 501) || STACK_TRACE.test(text))
    .map(({ request, status, text }) => `${request.kind}: ${request.method} ${request.url.slice(0, 140)} -> ${status} ${text.slice(0, 300)}`);
}

describe.each(ENGINES)('bad input on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let slug: string;
  let ref: string;
  let keys: { anon: string; service: string };
  const restHeaders = () => ({ apikey: keys.service, authorization: `Bearer ${keys.service}` });

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    slug = (await owner.post('/api/organizations', { name: 'Bad input', plan: 'free' })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'target', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    const settings = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService;
    keys = { anon: settings.defaultApiKey, service: settings.serviceApiKey };
    const setup = await owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `create table bad_input (id bigint primary key, name text, doc jsonb);
              create function echo(x text) returns text language sql as $$ select x $$;`,
    });
    expect(setup.status).toBe(200);
  });
  afterAll(async () => platform?.stop());

  it('walks every endpoint of /api/openapi.json with every kind of bad input: no 500, no stack trace', async () => {
    const document = (await owner.get('/api/openapi.json')).body;
    const operations = apiOperations(document, { authorization: `Bearer ${owner.token}` });
    expect(operations.length).toBeGreaterThan(100);
    const requests = operations.flatMap((op) => badRequests(op, { slug, ref }));
    const outcomes = await inPool(requests, CONCURRENCY, (request) => send(platform.url, request));
    expect(failuresOf(outcomes)).toEqual([]);
    // The walk reached the handlers' validation, not just a router's 404.
    expect(outcomes.filter((o) => o.status === 400).length).toBeGreaterThan(requests.length / 2);
  }, 180_000); // thousands of requests, growing with every endpoint; under a loaded machine a minute is not enough

  it('gives platform auth, project auth and REST the same bad input: no 500, and the project still answers', async () => {
    const platformUser = await signUp(platform.url);
    const projectAuth = `${platform.url}/p/${ref}/auth/v1`;
    const signedUp = await fetch(`${projectAuth}/signup`, {
      method: 'POST',
      headers: { apikey: keys.anon, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `walker.${engine}@example.com`, password: 'a-long-enough-password' }),
    });
    const projectToken = (await signedUp.json()).access_token as string;
    const operations = [
      ...authOperations('/auth/v1', { authorization: `Bearer ${platformUser.api.token}` }, { authorization: `Bearer ${platformUser.api.token}` }),
      ...authOperations('/p/{ref}/auth/v1', { apikey: keys.anon, authorization: `Bearer ${projectToken}` }, restHeaders()),
      ...restOperations(restHeaders()),
    ];
    // Sign-outs go last: they end the sessions the other requests use.
    const requests = operations.flatMap((op) => badRequests(op, { ref }));
    requests.sort((a, b) => Number(a.url.includes('/logout')) - Number(b.url.includes('/logout')));
    const outcomes = await inPool(requests, CONCURRENCY, (request) => send(platform.url, request));
    expect(failuresOf(outcomes)).toEqual([]);

    const stillThere = await fetch(`${platform.url}/p/${ref}/rest/v1/bad_input?select=id`, { headers: restHeaders() });
    expect(stillThere.status).toBe(200);
  });

  it('answers a 10,000-character path segment anywhere with a 404 or 414 that says so, never a 500', async () => {
    const long = 'a'.repeat(10_000);
    const paths = [
      `/${long}`, `/${long}.js`, `/assets/${long}`, `/project/${ref}/${long}`, `/api/${long}`, `/api/organizations/${long}`,
      `/api/platform/projects/${long}/status`, `/auth/v1/${long}`, `/auth/v1/admin/users/${long}`, `/p/${long}/rest/v1/x`,
      `/p/${ref}/rest/v1/${long}`, `/p/${ref}/auth/v1/${long}`,
    ];
    const outcomes = await inPool(
      paths.flatMap((route) => ['GET', 'POST'].map((method) => ({ method, route }))),
      CONCURRENCY,
      async ({ method, route }) => {
        const response = await fetch(`${platform.url}${route}`, { method, headers: restHeaders() });
        const body = await response.json().catch(() => null);
        // GoTrue's older error shape (auth routes, no API version header) carries the message as `msg`.
        const explained = typeof (body?.message ?? body?.msg) === 'string';
        return `${method} ${route.replace(long, '<10,000 characters>')} -> ${response.status}${explained ? '' : ' without a JSON error'}`;
      },
    );
    expect(outcomes.filter((line) => !/-> 404$|-> 414$/.test(line))).toEqual([]);
  });

  it('refuses NUL bytes with a 400 that names the field, in the API, in auth and in REST filters', async () => {
    const profile = await owner.patch('/api/profile', { first_name: 'Ada\u0000' });
    expect(profile.status).toBe(400);
    expect(profile.body).toMatchObject({ code: 'text_contains_nul', message: 'first_name: Text cannot contain the NUL character (\\u0000).' });
    const schemas = await owner.get(`/api/v1/projects/${ref}/types/typescript?included_schemas=public%00`);
    expect(schemas.body).toMatchObject({ code: 'text_contains_nul', message: expect.stringMatching(/^included_schemas: /) });

    const signUpResponse = await fetch(`${platform.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 'nul@example.com', password: 'a-long-enough-password', data: { 'na\u0000me': 1 } }),
    });
    expect(signUpResponse.status).toBe(400);
    expect(await signUpResponse.json()).toMatchObject({ code: 'text_contains_nul' });

    const filter = await fetch(`${platform.url}/p/${ref}/rest/v1/bad_input?name=eq.a%00b`, { headers: restHeaders() });
    expect(filter.status).toBe(400);
    expect((await filter.json()).code).toMatch(/^22(021|P05)$/);
  });
});
