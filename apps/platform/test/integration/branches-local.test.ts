/**
 * A data branch on the local engine, where the copy is the parent cluster's files (the parent stops
 * for the copy and starts again on its next use), and on the postgres engine, where it is a database
 * created from the parent's as template (the parent's sessions are ended for it): the branch starts
 * with the parent's rows and its Git branch's migrations, and the parent answers as before, through
 * the dashboard and supabase-js. (The embedded engine's data branch is in branches.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitFixture } from '../support/git-fixture.ts';
import { startBranching, type BranchingSetup } from '../support/branching.ts';
import type { ApiClient } from '../support/client.ts';
import type { EngineName } from '../support/platform.ts';

describe.each<EngineName>(['local', 'postgres'])('a data branch (%s engine)', (engine) => {
  let platform: BranchingSetup['platform'];
  let owner: ApiClient;
  let ref: string;
  let repoDir: string;
  let query: BranchingSetup['query'];
  let client: BranchingSetup['client'];

  const todosThroughApi = async (projectRef: string) => {
    const { data, error } = await (await client(projectRef)).from('todos').select('id, title').order('id');
    expect(error).toBeNull();
    return data;
  };

  beforeAll(async () => {
    repoDir = await mkdtemp(path.join(os.tmpdir(), `plinth-branches-${engine}-repo-`));
    await createGitFixture(repoDir, {
      'supabase/migrations/20260101000000_notes.sql': 'create table public.notes (id int primary key, body text);',
      'supabase/seed.sql': "insert into public.todos values (99, 'seeded');",
    });
    ({ platform, owner, ref, query, client } = await startBranching(engine, repoDir));
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    if (repoDir) await rm(repoDir, { recursive: true, force: true });
  });

  it("copies the parent's rows into the branch, applies its Git branch's migrations, and the parent still answers", async () => {
    await query(ref, `create table public.todos (id int primary key, title text not null);
      grant select on public.todos to anon;
      insert into public.todos values (1, 'parent row'), (2, 'another parent row');`);
    const created = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'copy', git_branch: 'main', with_data: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let branch = created.body;
    while (branch.status !== 'MIGRATIONS_PASSED' && branch.status !== 'MIGRATIONS_FAILED') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      branch = (await owner.get(`/api/v1/branches/${created.body.id}`)).body;
    }
    expect(branch).toMatchObject({ status: 'MIGRATIONS_PASSED', error: null, with_data: true, last_migration: { version: '20260101000000', name: 'notes' } });

    // The parent's rows (not the seed: a data branch is not seeded), and the migration on top.
    expect(await todosThroughApi(branch.project_ref)).toEqual([{ id: 1, title: 'parent row' }, { id: 2, title: 'another parent row' }]);
    expect(await query(branch.project_ref, "select to_regclass('public.notes')::text as notes")).toEqual([{ notes: 'notes' }]);

    // The parent, stopped for the copy, answers again and is not changed by the branch.
    expect(await todosThroughApi(ref)).toEqual([{ id: 1, title: 'parent row' }, { id: 2, title: 'another parent row' }]);
    await query(branch.project_ref, "insert into public.todos values (3, 'branch only')");
    expect(await query(ref, "select count(*)::int as todos, to_regclass('public.notes')::text as notes from public.todos")).toEqual([{ todos: 2, notes: null }]);
    expect((await owner.get(`/api/platform/projects/${ref}`)).body.status).toBe('ACTIVE_HEALTHY');
  }, 60_000);
});
