// REST requests/s against a bare Fastify handler running the same SQL on the same engine Database,
// shared by bench:rest and bench:engines.
// The load comes from a worker thread (its own event loop, keep-alive connections, loopback only);
// rest and bare alternate in short rounds so background noise hits both alike; the ratio is the
// median of the per-round ratios (robust to a burst of load from elsewhere on the machine).
import Fastify from 'fastify';
import { planRequest, type StatementPlan } from '@plinth/postgrest';
import { locationOf, projectRowByRef } from '../../apps/platform/src/control/project-rows.ts';
import { schemaCacheFor } from '../../apps/platform/src/data-plane/rest/schema-cache.ts';
import type { RunningPlatform } from '../../apps/platform/src/platform.ts';
import { signUp, waitForStatus, type ApiClient } from '../../apps/platform/test/support/client.ts';
import { loadFromWorker } from './http-load.ts';

/** Requests/s for `ms` of closed-loop load over `urls` (cycled) on `connections` connections. */
async function load(urls: string[], headers: Record<string, string>, ms: number, connections: number): Promise<number> {
  return (await loadFromWorker({ urls, headers, connections, ms })) / (ms / 1000);
}

const ROWS = 10_000;

export interface RestCase {
  name: string;
  /** REST URLs and the bare handler's URLs for the same statements, cycled under load. */
  rest: string[];
  bare: string[];
}

export interface RestVsBare {
  cases: RestCase[];
  /** What a REST request sends (the project's anon key). */
  headers: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Fills the ACTIVE_HEALTHY project `ref` with a 10,000-row bench_items table and starts a bare
 * handler beside the platform: the cases are a primary-key read and a 100-row page.
 */
/** A signed-up owner with a Pro organisation and a healthy project on `platform`, to benchmark. */
export async function benchProject(platform: Pick<RunningPlatform, 'url'>): Promise<{ api: ApiClient; slug: string; ref: string }> {
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'pro' })).body.slug;
  const { body: project } = await api.post('/api/projects', { name: 'bench', organization_slug: slug, db_pass: 'bench-password' });
  await waitForStatus(api, project.ref, 'ACTIVE_HEALTHY');
  return { api, slug, ref: project.ref };
}

export async function setUpRestVsBare(platform: RunningPlatform, api: ApiClient, ref: string): Promise<RestVsBare> {
  const bare = Fastify();
  try {
    const anonKey: string = (await api.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey;
    const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, ref))!));
    await db.exec(`create table bench_items (id integer primary key, name text not null, price numeric(10,2), tags text[], created_at timestamptz not null default now());
      insert into bench_items (id, name, price, tags) select g, 'item ' || g, g * 1.5, array['a', 'b'] from generate_series(1, ${ROWS}) g; analyze bench_items;`);

    // The bare handler runs exactly the statement the REST API plans for the same URL (planned here,
    // once per URL), directly on the engine Database: no gateway, JWT, planning, role or claims.
    const schema = (await schemaCacheFor(db, ['public', 'graphql_public']).get()).index;
    const planFor = (search: string) => planRequest(
      { method: 'GET', target: { kind: 'relation', name: 'bench_items' }, search, headers: {}, body: undefined },
      { exposedSchemas: ['public', 'graphql_public'], maxRows: 1000 },
      schema,
    ) as StatementPlan;
    // The runner binds the values as one text[] ($1[n]); run directly, that parameter needs its type.
    const direct = (plan: StatementPlan) => ({ sql: plan.sql.replaceAll('$1[', '($1::text[])['), args: [plan.args] });
    const bareStatements: { sql: string; args: unknown[] }[] = [];
    bare.get('/run/:n', async (request, reply) => {
      const statement = bareStatements[Number((request.params as { n: string }).n)];
      const { rows } = await db.query<{ body: string }>(statement.sql, statement.args);
      return reply.type('application/json; charset=utf-8').send(rows[0].body);
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
    const restUrl = `${platform.url}/p/${ref}/rest/v1/bench_items`;
    const bareFor = (search: string) => `${bareUrl}/run/${bareStatements.push(direct(planFor(search))) - 1}`;
    const ids = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % ROWS));
    const cases = [
      { name: 'pk read', rest: ids.map((id) => `${restUrl}?id=eq.${id}`), bare: ids.map((id) => bareFor(`id=eq.${id}`)) },
      { name: '100-row page', rest: [`${restUrl}?order=id&limit=100`], bare: [bareFor('order=id&limit=100')] },
    ];
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const check = await (await fetch(cases[0].rest[0], { headers })).json();
    if (!Array.isArray(check) || check.length !== 1) throw new Error(`unexpected REST answer: ${JSON.stringify(check)}`);
    return { cases, headers, close: () => bare.close() };
  } catch (error) {
    await bare.close();
    throw error;
  }
}

export interface PairedRates {
  /** Mean requests/s of each side over the rounds. */
  rest: number;
  bare: number;
  /** Per-round rest/bare ratios, ascending, and their median. */
  ratios: number[];
  median: number;
}

/** One case: a warm-up of each side, then `rounds` short paired rounds (`seconds` per side in all). */
export async function measurePaired(
  c: RestCase,
  headers: Record<string, string>,
  options: { connections: number; seconds: number; rounds: number },
): Promise<PairedRates> {
  const { connections, seconds, rounds: roundCount } = options;
  await load(c.rest, headers, 1000, connections); // warm-up: JIT, schema cache, pools
  await load(c.bare, {}, 1000, connections);
  const rounds: { rest: number; bare: number }[] = [];
  const ms = (seconds * 1000) / roundCount;
  for (let round = 0; round < roundCount; round++) {
    if (round % 2 === 0) {
      const bareRate = await load(c.bare, {}, ms, connections);
      rounds.push({ bare: bareRate, rest: await load(c.rest, headers, ms, connections) });
    } else {
      const restRate = await load(c.rest, headers, ms, connections);
      rounds.push({ rest: restRate, bare: await load(c.bare, {}, ms, connections) });
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratios = rounds.map((r) => r.rest / r.bare).sort((a, b) => a - b);
  const median = (ratios[(ratios.length - 1) >> 1] + ratios[ratios.length >> 1]) / 2;
  return { rest: mean(rounds.map((r) => r.rest)), bare: mean(rounds.map((r) => r.bare)), ratios, median };
}
