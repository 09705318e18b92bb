// CSV export of 1,000,000 rows through the platform API: rows/s and the platform's peak RSS
// (the export streams, so memory should stay flat). Embedded engine; ROWS=... to change the size.
import { locationOf, projectRowByRef } from '../apps/platform/src/control/project-rows.ts';
import { signUp, waitForStatus } from '../apps/platform/test/support/client.ts';
import { startPlatform } from '../apps/platform/test/support/platform.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const platform = await startPlatform({ engine: (process.env.ENGINE as 'embedded' | 'postgres') ?? 'embedded' });
try {
  const { api } = await signUp(platform.url);
  const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'pro' })).body.slug;
  const ref = (await api.post('/api/projects', { name: 'csv', organization_slug: slug, db_pass: 'bench-password' })).body.ref;
  await waitForStatus(api, ref, 'ACTIVE_HEALTHY', 120_000);
  const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, ref))!));
  await db.exec(`create table big (id bigint primary key, title text, amount numeric, created_at timestamptz default now(), tags text[]);
    insert into big select g, 'title, number ' || g, g * 1.5, now(), array['a', 'b'] from generate_series(1, ${ROWS}) g;`);
  const oid = (await db.query<{ oid: number }>(`select 'big'::regclass::oid as oid`)).rows[0].oid;

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const baseline = process.memoryUsage().rss;
  const started = performance.now();
  const response = await fetch(`${platform.url}/api/projects/${ref}/tables/${oid}/export.csv`, { headers: { authorization: `Bearer ${api.token}` } });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = lines - 1;
  if (rows !== ROWS) throw new Error(`exported ${rows} rows, expected ${ROWS}`);
  console.log(
    `csv export of ${ROWS.toLocaleString('en')} rows: ${Math.round(rows / seconds).toLocaleString('en')} rows/s ` +
      `(${seconds.toFixed(1)} s, ${(bytes / 1024 ** 2).toFixed(0)} MB); peak RSS ${(peakRss / 1024 ** 2).toFixed(0)} MB ` +
      `(${((peakRss - baseline) / 1024 ** 2).toFixed(0)} MB over the ${(baseline / 1024 ** 2).toFixed(0)} MB before the export)`,
  );
} finally {
  await platform.stop();
}
