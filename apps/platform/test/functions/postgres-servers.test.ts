/**
 * On the postgres engine the project's and the platform's databases are on servers a function
 * could otherwise dial: it may reach the network, its own project's API, but not those servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsHarness, type FunctionsHarness } from './harness.ts';

const DIAL = `
Deno.serve(async () => {
  const attempt = async (run: () => Promise<unknown>) => {
    try { await run(); return 'ok'; } catch (error) { return (error as Error).name; }
  };
  const dial = (hostname: string) => attempt(async () => (await Deno.connect({ hostname, port: 5432 })).close());
  const api = await attempt(async () => { const r = await fetch(Deno.env.get('SUPABASE_URL') + '/rest/v1/', { headers: { apikey: Deno.env.get('SUPABASE_ANON_KEY')! } }); await r.body?.cancel(); });
  return Response.json({ loopback: await dial('127.0.0.1'), localhost: await dial('localhost'), api });
});
`;

describe('edge functions beside Postgres servers (postgres engine)', () => {
  let h: FunctionsHarness;

  beforeAll(async () => {
    h = await startFunctionsHarness({ engine: 'postgres' });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  it('denies connections to the Postgres servers and allows the project API', async () => {
    expect((await h.deploy('dial', { 'index.ts': DIAL }, { verify_jwt: false })).status).toBe(201);
    const response = await fetch(`${h.url}/functions/v1/dial`);
    expect(await response.json()).toEqual({ loopback: 'NotCapable', localhost: 'NotCapable', api: 'ok' });
  });
});
