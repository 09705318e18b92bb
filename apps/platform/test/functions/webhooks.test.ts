/**
 * A database webhook of Supabase's "Supabase Edge Functions" type: a trigger posting to the
 * project's own function at $PUBLIC_URL/p/{ref}/functions/v1/{slug} with the service role key. The
 * platform listens on 127.0.0.1 here and PLINTH_WEBHOOKS_ALLOW_PRIVATE is off (the default): the
 * project's own functions are allowed all the same, and the function sees the webhook's payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql, startFunctionsHarness, until, type FunctionsHarness } from './harness.ts';

const ECHO = `Deno.serve(async (req) => Response.json({ got: await req.json(), auth: req.headers.get('authorization') !== null }));
`;

describe('a webhook to an edge function', () => {
  let h: FunctionsHarness;

  beforeAll(async () => {
    h = await startFunctionsHarness();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it("posts the payload to the project's own function despite private addresses being refused", async () => {
    expect(h.platform.control.config.webhooksAllowPrivate).toBe(false);
    expect((await h.deploy('on-signup', { 'index.ts': ECHO })).status).toBe(201);
    expect((await h.api.post(`/api/platform/projects/${h.ref}/hooks/enable`)).status).toBe(200);
    const headers = JSON.stringify({ 'Content-Type': 'application/json', Authorization: `Bearer ${h.serviceKey}` });
    await runSql(h, `create table public.signups (id int primary key, email text);
      create trigger "on-signup" after insert on public.signups for each row
      execute function supabase_functions.http_request('${h.url}/functions/v1/on-signup', 'POST', '${headers}', '{}', '10000')`);
    await runSql(h, `insert into public.signups values (7, 'grace@example.com')`);
    const rows = await until(
      async () => (await runSql(h, `select r.status_code, r.content, r.error_msg from net._http_response r
        join supabase_functions.hooks k on k.request_id = r.id where k.hook_name = 'on-signup'`)) as { status_code: number | null; content: string | null; error_msg: string | null }[],
      (list) => list.length > 0,
      30_000,
    );
    expect(rows[0].error_msg).toBeNull();
    expect(rows[0].status_code).toBe(200);
    expect(JSON.parse(rows[0].content!)).toEqual({
      got: { type: 'INSERT', table: 'signups', schema: 'public', record: { id: 7, email: 'grace@example.com' }, old_record: null },
      auth: true,
    });
  }, 60_000);
});
