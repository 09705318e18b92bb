/**
 * A preview branch is a project for the plan (embedded engine, a Free organisation, whose owner may
 * hold 2 active free projects): the parent and one branch reach the limit, so a second branch and a
 * new project are both refused with the plan's message; and the branch pauses for inactivity as any
 * free project does, while its parent, used "today", stays up.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFor } from '../../src/control/inactivity.ts';
import { createBranch, createGitFixture } from '../support/git-fixture.ts';
import { startBranching, type BranchingSetup } from '../support/branching.ts';
import { waitForStatus } from '../support/client.ts';

const DAY_MS = 86_400_000;

describe('branches and the plan (Free organisation)', () => {
  let setup: BranchingSetup;
  let repoDir: string;
  let branchRef: string;

  beforeAll(async () => {
    repoDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-branches-plan-repo-'));
    await createGitFixture(repoDir, { 'supabase/migrations/20260101000000_todos.sql': 'create table public.todos (id int primary key);' });
    await createBranch(repoDir, 'feature');
    setup = await startBranching('embedded', repoDir, { plan: 'free' });
  }, 120_000);
  afterAll(async () => {
    await setup?.platform.stop();
    if (repoDir) await rm(repoDir, { recursive: true, force: true });
  });

  it('counts a branch as a project: at the free limit, neither another branch nor a project is created', async () => {
    const { owner, ref, slug, settled } = setup;
    const created = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'feature', git_branch: 'feature', region: 'local' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    branchRef = created.body.project_ref;
    expect(await settled(created.body.id)).toMatchObject({ status: 'MIGRATIONS_PASSED' });

    const second = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'second', git_branch: 'main', region: 'local' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 'free_project_limit_reached', message: expect.stringContaining('2 active free projects') });
    const project = await owner.post('/api/projects', { name: 'third', organization_slug: slug, db_pass: 'a-long-db-password' });
    expect(project.status).toBe(400);
    expect(project.body.code).toBe('free_project_limit_reached');
    expect((await owner.get(`/api/v1/projects/${ref}/branches`)).body.map((b: { name: string }) => b.name)).toEqual(['feature']);
  }, 60_000);

  it('pauses an idle branch for inactivity like any free project', async () => {
    const { owner, ref, platform } = setup;
    const later = Date.now() + 8 * DAY_MS;
    activityFor(platform.control).now = () => new Date(later);
    // "Eight days later" the parent is used through its REST API; the branch is not.
    const anon = (await owner.get(`/api/props/project/${ref}/settings`)).body.autoApiService.defaultApiKey as string;
    expect((await fetch(`${platform.url}/p/${ref}/rest/v1/`, { headers: { apikey: anon, authorization: `Bearer ${anon}` } })).status).toBe(200);
    for (const deadline = Date.now() + 10_000; ; ) {
      const { rows } = await platform.control.db.query<{ at: Date }>('select last_active_at as at from projects where ref = $1', [ref]);
      if (rows[0].at.getTime() >= later - DAY_MS) break;
      if (Date.now() > deadline) throw new Error('the REST request was not recorded as activity');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await platform.control.jobs.waitFor('project-inactivity-pause', await platform.control.jobs.send('project-inactivity-pause', {}));
    await waitForStatus(owner, branchRef, 'INACTIVE');
    expect((await owner.get(`/api/platform/projects/${ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');
    // Paused, it no longer holds a place under the limit: a new branch may be made.
    const next = await owner.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'next', git_branch: 'main', region: 'local' });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
  }, 90_000);
});
