/**
 * SUPABASE_DB_URL: a function reaches its own project's database through the pooler (transaction
 * mode) with the project's password, as Supabase functions do with postgres.js; after a password
 * reset, the next request runs in a worker that has the new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql, startFunctionsHarness, type FunctionsHarness } from './harness.ts';

// postgres.js as Supabase's examples use it; `prepare: false` because transaction mode keeps no
// named prepared statements across transactions.
const COUNT_NOTES = `import postgres from 'npm:postgres@3.4.9';
Deno.serve(async () => {
  const url = Deno.env.get('SUPABASE_DB_URL');
  if (!url) return Response.json({ error: 'no SUPABASE_DB_URL' }, { status: 500 });
  const sql = postgres(url, { prepare: false, max: 1 });
  try {
    const [row] = await sql\`select current_user as who, count(*)::int as notes from public.notes\`;
    return Response.json({ ...row, user: new URL(url).username });
  } finally {
    await sql.end();
  }
});
`;

describe('SUPABASE_DB_URL', () => {
  let h: FunctionsHarness;

  beforeAll(async () => {
    h = await startFunctionsHarness();
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('connects a function to its own database through the pooler, and keeps working after a password reset', async () => {
    await runSql(h, `create table public.notes (id int primary key); insert into public.notes values (1), (2), (3);`);
    expect((await h.deploy('count-notes', { 'index.ts': COUNT_NOTES }, { verify_jwt: false })).status).toBe(201);
    const call = async () => {
      const response = await fetch(`${h.url}/functions/v1/count-notes`);
      return { status: response.status, body: await response.json() };
    };
    expect(await call()).toEqual({ status: 200, body: { who: 'postgres', notes: 3, user: `postgres.${h.ref}` } });

    const reset = await h.api.patch(`/api/projects/${h.ref}/db-password`, { password: 'a-brand-new-db-password' });
    expect(reset.status).toBe(200);
    await runSql(h, `insert into public.notes values (4)`);
    expect(await call()).toEqual({ status: 200, body: { who: 'postgres', notes: 4, user: `postgres.${h.ref}` } });
  }, 90_000);
});
