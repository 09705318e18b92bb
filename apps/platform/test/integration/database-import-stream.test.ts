/**
 * The database import reads its body as it streams in, statement by statement: an export of a few
 * megabytes loads with every row; a statement that fails is named (its number and its text), the
 * answer comes while the upload is still going, and nothing of the import stays.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const ROWS = 20_000;
const NOTE = 'n'.repeat(230);

/** A POST of application/sql whose body is written chunk by chunk; `answer` settles with the response. */
function upload(platform: Platform, api: ApiClient, ref: string) {
  const url = new URL(`/api/v1/projects/${ref}/database/import`, platform.url);
  // A connection of its own: one whose upload was cut off is not reused.
  const request = http.request(url, { method: 'POST', agent: false, headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/sql' } });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      response.on('error', reject);
    });
  });
  const write = (text: string) => new Promise<void>((resolve, reject) => request.write(text, (error) => (error ? reject(error) : resolve())));
  return { request, answer, write };
}

function inserts(from: number, to: number): string {
  let sql = '';
  for (let id = from; id < to; id++) sql += `insert into public.readings (id, note) values (${id}, '${NOTE}');\n`;
  return sql;
}

describe('database import: streamed, statement by statement', () => {
  let platform: Platform;
  let api: ApiClient;
  let ref: string;

  beforeAll(async () => {
    platform = await startPlatform({ engine: 'embedded' });
    ({ api } = await signUp(platform.url));
    const slug = (await api.post('/api/organizations', { name: 'Streamed import' })).body.slug;
    ref = (await api.post('/api/projects', { name: 'import target', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const tableExists = async () => (await api.post(`/api/platform/pg-meta/${ref}/query`, { query: `select to_regclass('public.readings') is not null as present` })).body[0].present;

  it('names the statement that failed, answers before the upload ends, and leaves nothing', async () => {
    const { request, answer, write } = upload(platform, api, ref);
    // ~0.5 MB in one go: the table, rows, the bad statement (number 1,002), more rows. The rest of
    // the upload never comes until the answer is there: a server that waited for the whole body would not answer.
    await write(`create table public.readings (id int primary key, note text);\n${inserts(0, 1000)}insert into public.nowhere values (1);\n${inserts(1000, 2000)}`);
    const failed = await answer;
    request.destroy();
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: 'import_failed' });
    expect(failed.body.message).toBe('The import stopped at statement 1002 and nothing was imported: relation "public.nowhere" does not exist. The statement: insert into public.nowhere values (1)');
    expect(await tableExists()).toBe(false);

    // The same holds for the SQL sent as a JSON string, the way older clients sent it.
    const asJson = await api.request('POST', `/api/v1/projects/${ref}/database/import`, JSON.stringify('create table public.readings (id int);\nselect nothing from nowhere;'), { 'content-type': 'application/json' });
    expect(asJson.status).toBe(400);
    expect(asJson.body.message).toContain('The import stopped at statement 2 and nothing was imported: relation "nowhere" does not exist.');
    expect(await tableExists()).toBe(false);
  });

  it('loads an export of a few megabytes as it streams in, with every row', async () => {
    const { request, answer, write } = upload(platform, api, ref);
    const started = Date.now();
    let bytes = 0;
    const send = async (text: string) => {
      bytes += Buffer.byteLength(text);
      await write(text);
    };
    await send('create table public.readings (id int primary key, note text);\n');
    for (let from = 0; from < ROWS; from += 1000) await send(inserts(from, from + 1000));
    request.end();
    const loaded = await answer;
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    expect(loaded.body).toEqual({ statements: ROWS + 1 });
    expect(bytes).toBeGreaterThan(5_000_000);
    console.log(`streamed import: ${(bytes / 1e6).toFixed(1)} MB, ${ROWS} rows in ${Date.now() - started} ms`);
    const counted = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select count(*)::int as rows, sum(id)::text as ids, min(length(note)) as note from public.readings' });
    expect(counted.body).toEqual([{ rows: ROWS, ids: String((ROWS * (ROWS - 1)) / 2), note: NOTE.length }]);
  });
});
