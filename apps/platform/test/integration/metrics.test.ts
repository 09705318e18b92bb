/**
 * The Prometheus metrics endpoint (/p/{ref}/customer/v1/privileged/metrics): HTTP Basic with the
 * project's service_role key, Pro plan and above, figures from the shared databases; and the
 * response sizes the edge and storage logs carry for the bandwidth reports (304s cost nothing).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('the metrics endpoint and response sizes in the logs', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let operator: ApiClient;
  let slug: string;
  let ref: string;
  let keys: { anon: string; service: string };
  let otherServiceKey: string;
  const operatorEmail = uniqueEmail('operator');

  const metrics = (authorization?: string, project = ref) =>
    fetch(`${platform.url}/p/${project}/customer/v1/privileged/metrics`, { headers: authorization ? { authorization } : {} });
  const serviceHeaders = () => ({ apikey: keys.service, authorization: `Bearer ${keys.service}` });

  async function createProject(organization: string, name: string) {
    const project = (await owner.post('/api/projects', { name, organization_slug: organization, db_pass: 'a-long-db-password' })).body.ref as string;
    await waitForStatus(owner, project, 'ACTIVE_HEALTHY');
    const settings = (await owner.get(`/api/props/project/${project}/settings`)).body.autoApiService;
    return { ref: project, anon: settings.defaultApiKey as string, service: settings.serviceApiKey as string };
  }

  beforeAll(async () => {
    platform = await startPlatform({ env: { PLINTH_OPERATORS: operatorEmail } });
    operator = (await signUp(platform.url, operatorEmail)).api;
    owner = (await signUp(platform.url)).api;
    slug = (await owner.post('/api/organizations', { name: 'Metrics' })).body.slug;
    const project = await createProject(slug, 'measured');
    ref = project.ref;
    keys = { anon: project.anon, service: project.service };
    const otherSlug = (await owner.post('/api/organizations', { name: 'Other', plan: 'pro', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    otherServiceKey = (await createProject(otherSlug, 'other')).service;
    const table = await owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: `create table public.sized (id int primary key, body text); insert into public.sized select g, repeat('y', 100) from generate_series(1, 20) g;
              grant select on public.sized to anon;`,
    });
    expect(table.status, JSON.stringify(table.body)).toBeLessThan(300);
  });
  afterAll(async () => platform?.stop());

  it('asks for Basic auth with the service_role key, and refuses any other credential', async () => {
    const none = await metrics();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm="metrics"/);
    expect((await none.json()).code).toBe('not_authenticated');
    for (const authorization of [
      basic('service_role', 'not-a-key'),
      basic('service_role', keys.anon),
      basic('postgres', keys.service),
      basic('service_role', otherServiceKey),
      `Bearer ${keys.service}`,
    ]) {
      expect((await metrics(authorization)).status, authorization.slice(0, 20)).toBe(401);
    }
  });

  it('is not included in the Free plan, and answers once the organisation is on Pro', async () => {
    const free = await metrics(basic('service_role', keys.service));
    expect(free.status).toBe(402);
    const refusal = await free.json();
    expect(refusal.code).toBe('plan_feature_unavailable');
    expect(refusal.message).toContain('Pro plan');

    expect((await operator.patch(`/api/platform/admin/organizations/${slug}`, { plan: 'pro' })).status).toBe(200);
    for (let i = 0; i < 3; i++) await fetch(`${platform.url}/p/${ref}/rest/v1/sized?select=*`, { headers: { apikey: keys.anon } });
    await fetch(`${platform.url}/p/${ref}/rest/v1/missing_table`, { headers: { apikey: keys.anon } });
    await platform.control.logs.flush();
    // The gateway reads the plan again within a second.
    let text = '';
    await vi.waitFor(async () => {
      const answer = await metrics(basic('service_role', keys.service));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      text = await answer.text();
    }, { timeout: 5000, interval: 200 });

    for (const line of text.trimEnd().split('\n')) {
      // Prometheus' grammar: a metric name, optional labels, a number; or a HELP/TYPE comment.
      expect(line).toMatch(/^(# (HELP|TYPE) [a-z_][a-z0-9_]* .+|[a-z_][a-z0-9_]*(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? -?[0-9.e+-]+)$/);
    }
    const value = (sample: string) => Number(text.split('\n').find((line) => line.startsWith(`${sample} `))?.split(' ')[1]);
    expect(value('pg_database_size_bytes')).toBeGreaterThan(1024 * 1024);
    expect(value('pg_stat_activity_count{state="active"}')).toBeGreaterThanOrEqual(1);
    expect(value('pg_settings_max_connections')).toBeGreaterThan(0);
    expect(value('pg_stat_database_xact_commit_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE pg_stat_database_xact_rollback_total counter');
    expect(text).toContain('pg_stat_database_deadlocks_total ');
    expect(value('plinth_db_cache_hit_ratio')).toBeGreaterThan(0);
    expect(value('plinth_api_requests_last_5m{service="rest"}')).toBeGreaterThanOrEqual(4);
    expect(value('plinth_api_5xx_responses_last_5m{service="rest"}')).toBe(0);
    expect(value('plinth_api_response_time_ms_sum_last_5m{service="rest"}')).toBeGreaterThan(0);
    expect(value('plinth_api_response_bytes_last_5m{service="rest"}')).toBeGreaterThan(3 * 20 * 100);
    expect(value('plinth_realtime_connected_clients')).toBe(0);
    expect(value('plinth_realtime_messages_month_total')).toBe(0);
  });

  it('writes the response size into edge_logs', async () => {
    const response = await fetch(`${platform.url}/p/${ref}/rest/v1/sized?select=*&id=lte.5`, { headers: { apikey: keys.anon, 'x-client-info': 'bytes-test' } });
    const length = (await response.arrayBuffer()).byteLength;
    expect(length).toBeGreaterThan(500);
    await platform.control.logs.flush();
    const { rows } = await platform.control.db.query<{ metadata: any }>(
      `select metadata from edge_logs where project_ref = $1 and metadata #>> '{request,headers,x_client_info}' = 'bytes-test'`, [ref],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].metadata.response).toMatchObject({ status_code: 200, bytes: length });
  });

  it('counts storage bandwidth and cache hits: a current copy is answered 304 with no bytes', async () => {
    const bucket = await fetch(`${platform.url}/p/${ref}/storage/v1/bucket`, {
      method: 'POST', headers: { ...serviceHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'pics', public: true }),
    });
    expect(bucket.status).toBe(200);
    const body = 'hello, bandwidth';
    const upload = await fetch(`${platform.url}/p/${ref}/storage/v1/object/pics/a.txt`, { method: 'POST', headers: { ...serviceHeaders(), 'content-type': 'text/plain' }, body });
    expect(upload.status).toBe(200);
    const url = `${platform.url}/p/${ref}/storage/v1/object/public/pics/a.txt`;
    const first = await fetch(url);
    expect(await first.text()).toBe(body);
    const etag = first.headers.get('etag')!;
    const cached = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect((await fetch(url, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
    const since = await fetch(url, { headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } });
    expect(since.status).toBe(304);

    await platform.control.logs.flush();
    const { rows } = await platform.control.db.query<{ metadata: any }>(
      `select metadata from storage_logs where project_ref = $1 and metadata->>'path' = '/object/public/pics/a.txt' order by timestamp, id`, [ref],
    );
    // Entries of one batch may share a timestamp: compared as a set.
    expect(rows.map((row) => [row.metadata.status, row.metadata.bytes_sent, row.metadata.cache_hit]).sort()).toEqual([
      [200, body.length, false], [200, body.length, false], [304, 0, true], [304, 0, true],
    ]);
    const edge = await platform.control.db.query<{ bytes: number }>(
      `select (metadata #>> '{response,bytes}')::int as bytes from edge_logs where project_ref = $1 and metadata #>> '{request,path}' = '/storage/v1/object/public/pics/a.txt'`, [ref],
    );
    expect(edge.rows.map((row) => row.bytes).sort()).toEqual([0, 0, body.length, body.length]);

    const text = await (await metrics(basic('service_role', keys.service))).text();
    expect(text).toContain('plinth_storage_objects 1\n');
    expect(text).toContain(`plinth_storage_objects_bytes ${body.length}\n`);
    expect(text).toContain('plinth_storage_buckets 1\n');
  });
});
