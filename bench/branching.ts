// Database branching, through the Management API of a real platform, on the local and embedded engines:
// - preview branch: POST /v1/projects/{ref}/branches -> MIGRATIONS_PASSED, from a local Git
//   repository of MIGRATIONS (50) migration files and a seed, each migration a table with an index;
// - data branch: the same call with with_data on a parent holding SIZE_MB (1024) of rows -> its
//   first answer, a count of the rows through the branch's own REST API.
// Usage: npm run bench:branching [-- local|embedded|postgres] (MIGRATIONS, SIZE_MB in the environment;
// postgres: PLINTH_TEST_POSTGRES_URL).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGitFixture } from '../apps/platform/test/support/git-fixture.ts';
import { signUp, waitForStatus, type ApiClient } from '../apps/platform/test/support/client.ts';
import { MANUAL_PAYMENT } from '../apps/platform/test/support/organizations.ts';
import { startPlatform, type EngineName } from '../apps/platform/test/support/platform.ts';

const MIGRATIONS = Number(process.env.MIGRATIONS ?? 50);
const SIZE_MB = Number(process.env.SIZE_MB ?? 1024);
const ROW_BYTES = 1000;
const engines = process.argv[2] ? [process.argv[2] as EngineName] : (['local', 'embedded'] as const);

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(2);

async function settled(api: ApiClient, id: string): Promise<any> {
  for (;;) {
    const { body } = await api.get(`/api/v1/branches/${id}`);
    if (body.status === 'MIGRATIONS_PASSED') return body;
    if (body.status === 'MIGRATIONS_FAILED') throw new Error(`branch failed: ${body.error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function repositoryFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= MIGRATIONS; i++) {
    const version = `2026010100${String(i).padStart(4, '0')}`;
    files[`supabase/migrations/${version}_table_${i}.sql`] =
      `create table public.t${i} (id bigint generated always as identity primary key, label text not null, created_at timestamptz default now());\n` +
      `create index t${i}_label on public.t${i} (label);\nalter table public.t${i} enable row level security;`;
  }
  files['supabase/seed.sql'] = Array.from({ length: MIGRATIONS }, (_, i) => `insert into public.t${i + 1} (label) select 'row ' || g from generate_series(1, 100) g;`).join('\n');
  return files;
}

for (const engine of engines) {
  const repoDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-branching-'));
  await createGitFixture(repoDir, repositoryFiles());
  const platform = await startPlatform({ engine, env: { PLINTH_GIT_LOCAL_ROOTS: repoDir } });
  try {
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Bench branching', plan: 'team', payment_method: MANUAL_PAYMENT })).body.slug;
    const ref = (await api.post('/api/projects', { name: 'parent', organization_slug: slug, db_pass: 'bench-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const repository = await api.post(`/api/platform/organizations/${slug}/git-repositories`, { url: repoDir });
    if (repository.status >= 300) throw new Error(`adding the repository: ${JSON.stringify(repository.body)}`);
    const connection = await api.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: repository.body.id, production_branch: 'main', supabase_directory: '' });
    if (connection.status >= 300) throw new Error(`connecting the project: ${JSON.stringify(connection.body)}`);

    let started = performance.now();
    const preview = await api.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'preview', git_branch: 'main' });
    if (preview.status !== 201) throw new Error(JSON.stringify(preview.body));
    await settled(api, preview.body.id);
    console.log(`${engine}: preview branch from ${MIGRATIONS} migrations + seed -> MIGRATIONS_PASSED in ${seconds(started)} s`);

    // The parent gets the same migrations (a merge), so the data branch below measures the copy alone.
    const merged = await api.post(`/api/v1/branches/${preview.body.id}/merge`);
    if (merged.status !== 200) throw new Error(JSON.stringify(merged.body));

    // The parent's data: SIZE_MB of random hex rows.
    const rows = Math.round((SIZE_MB * 1024 * 1024) / ROW_BYTES);
    started = performance.now();
    const fill = async (sql: string) => {
      const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
      return response.body;
    };
    await fill('create table public.payload (id bigint primary key, body text not null)');
    for (let from = 1; from <= rows; from += 50_000) {
      const to = Math.min(rows, from + 49_999);
      await fill(`insert into public.payload select g, (select string_agg(md5(random()::text), '') from generate_series(1, ${ROW_BYTES / 32 - 1} + g % 1)) || g from generate_series(${from}, ${to}) g`);
    }
    const [{ size }] = await fill('select pg_size_pretty(pg_database_size(current_database())) as size');
    console.log(`${engine}: parent filled with ${rows} rows, database ${size} (${seconds(started)} s)`);

    started = performance.now();
    const data = await api.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'with-data', git_branch: 'main', with_data: true });
    if (data.status !== 201) throw new Error(JSON.stringify(data.body));
    const branch = await settled(api, data.body.id);
    const healthy = seconds(started);
    const settings = await api.get(`/api/props/project/${branch.project_ref}/settings`);
    const count = await fetch(`${platform.url}/p/${branch.project_ref}/rest/v1/payload?select=id&limit=1`, {
      headers: { apikey: settings.body.autoApiService.serviceApiKey, authorization: `Bearer ${settings.body.autoApiService.serviceApiKey}`, prefer: 'count=exact' },
    });
    console.log(`${engine}: data branch of ${size} -> MIGRATIONS_PASSED in ${healthy} s; first REST answer at ${seconds(started)} s (${count.headers.get('content-range')})`);
    // The parent keeps serving (local: its cluster starts again on this use; postgres: its sessions were ended for the copy).
    started = performance.now();
    const [{ n }] = await fill('select count(*)::int as n from public.payload');
    console.log(`${engine}: the parent answers again in ${seconds(started)} s (${n} rows)`);
  } finally {
    await platform.stop();
    await rm(repoDir, { recursive: true, force: true });
  }
}
