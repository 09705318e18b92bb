/**
 * Database branches on the embedded engine, as a Management API client and supabase-js see them: a
 * local Git repository with two migrations and a seed; a preview branch is created from a Git branch,
 * becomes healthy, its seeded rows read through supabase-js with the branch's own key and its
 * storage takes a file; dashboard schema changes are refused on it; a pushed migration is applied
 * (push webhook), one with a syntax error marks the branch failed with Postgres' message (scheduled
 * poll) and is in its failure log beside its migration history; merging brings the branch's
 * migrations to the parent; a reset rebuilds a branch changed by hand from its Git branch; a data
 * branch starts with the parent's rows; deleting removes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, createBranch, createGitFixture } from '../support/git-fixture.ts';
import { startBranching, type BranchingSetup } from '../support/branching.ts';
import type { ApiClient } from '../support/client.ts';

const MIGRATIONS = {
  'supabase/migrations/20260101000000_todos.sql': `create table public.todos (id int primary key, title text not null);
alter table public.todos enable row level security;
create policy "todos are public" on public.todos for select using (true);
grant select on public.todos to anon, authenticated;`,
  'supabase/migrations/20260102000000_tags.sql': 'create table public.tags (id int primary key, label text);',
  'supabase/seed.sql': "insert into public.todos values (1, 'seeded one'), (2, 'seeded two');",
};

describe('database branches (embedded engine)', () => {
  let platform: BranchingSetup['platform'];
  let owner: ApiClient;
  let ref: string;
  let repoDir: string;
  let branchId: string;
  let branchRef: string;
  let query: BranchingSetup['query'];
  let client: BranchingSetup['client'];
  let settled: BranchingSetup['settled'];

  beforeAll(async () => {
    repoDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-branches-repo-'));
    await createGitFixture(repoDir, MIGRATIONS);
    await createBranch(repoDir, 'feature');
    ({ platform, owner, ref, query, client, settled } = await startBranching('embedded', repoDir));
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    if (repoDir) await rm(repoDir, { recursive: true, force: true });
  });

  it('creates a preview branch from a Git branch: healthy, its seeded rows read through supabase-js with its own key', async () => {
    const missing = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'nope', git_branch: 'no-such-branch', region: 'local' });
    expect(missing.status).toBe(400);

    const created = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'feature', git_branch: 'feature', region: 'local' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'feature', git_branch: 'feature', parent_project_ref: ref, status: 'CREATING_PROJECT', with_data: false });
    branchId = created.body.id;
    branchRef = created.body.project_ref;

    const branch = await settled(branchId);
    expect(branch).toMatchObject({ status: 'MIGRATIONS_PASSED', error: null, last_migration: { version: '20260102000000', name: 'tags' } });
    const project = await owner.get(`/api/platform/projects/${branchRef}`);
    expect(project.body).toMatchObject({ status: 'ACTIVE_HEALTHY', parent_project_ref: ref });
    expect((await owner.get(`/api/platform/projects/${ref}`)).body.is_branch_enabled).toBe(true);
    expect((await owner.get(`/api/v1/projects/${ref}/branches`)).body.map((b: { id: string }) => b.id)).toEqual([branchId]);

    const { data, error } = await (await client(branchRef)).from('todos').select('id, title').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, title: 'seeded one' }, { id: 2, title: 'seeded two' }]);
    // Storage works on a preview branch (it is a whole project), with the branch's service key.
    const service = await client(branchRef, 'service');
    expect((await service.storage.createBucket('previews')).error).toBeNull();
    expect((await service.storage.from('previews').upload('hello.txt', new Blob(['hi']))).error).toBeNull();
    // The parent is untouched.
    expect(await query(ref, "select to_regclass('public.todos')::text as t")).toEqual([{ t: null }]);
  }, 60_000);

  it('refuses dashboard schema changes on the branch, with a clear error', async () => {
    const response = await owner.post(`/api/platform/pg-meta/${branchRef}/tables`, { name: 'made_in_studio', schema: 'public' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'branch_schema_locked', message: expect.stringContaining('preview branches') });
  });

  it('applies a pushed migration (push webhook) and shows it in the diff', async () => {
    const commit = await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260103000000_notes.sql': 'create table public.notes (id int primary key, body text);' }, 'notes');
    const pushed = await owner.post(`/api/v1/branches/${branchId}/push`);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body).toMatchObject({ status: 'MIGRATIONS_PASSED', last_commit: commit, last_migration: { version: '20260103000000', name: 'notes' } });
    const { error } = await (await client(branchRef)).from('notes').select('id');
    expect(error).toBeNull();

    const diff = await fetch(`${platform.url}/api/v1/branches/${branchId}/diff`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(diff.status).toBe(200);
    const sql = await diff.text();
    expect(sql).toContain('-- 20260101000000_todos.sql');
    expect(sql).toContain('create table public.notes');
  }, 30_000);

  it('merges the branch into the parent: the parent gets its tables and history', async () => {
    const merged = await owner.post(`/api/v1/branches/${branchId}/merge`);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.migrations.map((m: { version: string }) => m.version)).toEqual(['20260101000000', '20260102000000', '20260103000000']);
    expect(await query(ref, "select to_regclass('public.notes')::text as notes, (select count(*)::int from public.todos) as todos")).toEqual([{ notes: 'notes', todos: 0 }]);
    expect((await owner.post(`/api/v1/branches/${branchId}/merge`)).body).toMatchObject({ message: 'Nothing to merge', migrations: [] });
  }, 30_000);

  it('resets a branch changed by hand: rebuilt from its Git branch, the hand-made table gone and the seeded rows back', async () => {
    await query(branchRef, "create table public.made_by_hand (id int); delete from public.todos; insert into public.tags values (1, 'by hand')");
    const reset = await owner.post(`/api/v1/branches/${branchId}/reset`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await owner.get(`/api/v1/branches/${branchId}`)).body.status).toBe('CREATING_PROJECT');
    const branch = await settled(branchId);
    expect(branch).toMatchObject({ status: 'MIGRATIONS_PASSED', error: null, last_migration: { version: '20260103000000', name: 'notes' } });
    expect(await query(branchRef, "select to_regclass('public.made_by_hand')::text as by_hand, to_regclass('public.notes')::text as notes, (select count(*)::int from public.tags) as tags"))
      .toEqual([{ by_hand: null, notes: 'notes', tags: 0 }]);
    const { data, error } = await (await client(branchRef)).from('todos').select('id, title').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, title: 'seeded one' }, { id: 2, title: 'seeded two' }]);
  }, 60_000);

  it('marks the branch failed with the message when a pushed migration has a syntax error (scheduled poll)', async () => {
    const commit = await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260104000000_broken.sql': 'create tabel public.broken (id int);' }, 'broken');
    await platform.control.jobs.waitFor('branches-poll', await platform.control.jobs.send('branches-poll', {}));
    const branch = (await owner.get(`/api/v1/branches/${branchId}`)).body;
    expect(branch.status).toBe('MIGRATIONS_FAILED');
    expect(branch.error).toContain('20260104000000_broken.sql');
    expect(branch.error).toContain('syntax error');
    // What was applied before stays.
    expect(branch.last_migration).toMatchObject({ version: '20260103000000' });

    // The branch's history and its failure log.
    const log = await owner.get(`/api/v1/branches/${branchId}/migrations`);
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.migrations.map((m: { version: string; name: string }) => `${m.version}_${m.name}`)).toEqual(['20260101000000_todos', '20260102000000_tags', '20260103000000_notes']);
    expect(log.body.failures.at(-1)).toMatchObject({ version: '20260104000000', name: 'broken', git_commit: commit, message: branch.error });
  }, 30_000);

  it('creates a data branch that starts with the parent\'s rows', async () => {
    await query(ref, "insert into public.todos values (10, 'parent row'), (11, 'another parent row')");
    const created = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'with-data', git_branch: 'main', with_data: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const branch = await settled(created.body.id);
    expect(branch).toMatchObject({ status: 'MIGRATIONS_PASSED', with_data: true });
    const { data, error } = await (await client(branch.project_ref)).from('todos').select('id, title').order('id');
    expect(error).toBeNull();
    // The parent's rows, and not the seed (a data branch is not seeded).
    expect(data).toEqual([{ id: 10, title: 'parent row' }, { id: 11, title: 'another parent row' }]);
    expect((await owner.delete(`/api/v1/branches/${created.body.id}`)).status).toBe(200);
  }, 60_000);

  it('deletes the branch and its project', async () => {
    const deleted = await owner.delete(`/api/v1/branches/${branchId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await owner.get(`/api/v1/branches/${branchId}`)).status).toBe(404);
    expect((await owner.get(`/api/platform/projects/${branchRef}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/projects/${ref}/branches`)).body).toEqual([]);
  }, 30_000);
});
