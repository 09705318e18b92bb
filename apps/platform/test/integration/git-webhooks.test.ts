/**
 * A Git host's push webhook over HTTP, against a local repository this test commits to: the
 * platform polls for pushes only once an hour here (PLINTH_BRANCH_POLL_MS), so a pushed migration
 * reaches the preview branch in seconds only through the webhook. A GitHub-style signed push is
 * applied; a wrong or missing signature is 401 and applies nothing; an unknown repository is 404, a
 * body over 1 MB 413; a ping is answered; GitLab's token and Gitea's signature work; a push to another
 * Git branch syncs nothing; a regenerated secret replaces the old one; only owners and administrators
 * of the organisation read the secret.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../support/client.ts';
import { commitFiles, createBranch, createGitFixture } from '../support/git-fixture.ts';
import { startBranching, type BranchingSetup } from '../support/branching.ts';

const MIGRATIONS = {
  'supabase/migrations/20260101000000_todos.sql': 'create table public.todos (id int primary key, title text not null);',
  'supabase/seed.sql': "insert into public.todos values (1, 'seeded');",
};

const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex')}`;

describe('Git push webhooks', () => {
  let setup: BranchingSetup;
  let owner: ApiClient;
  let anonymous: ApiClient;
  let repoDir: string;
  let repositoryId: string;
  let webhookPath: string;
  let secret: string;
  let branchId: string;

  const branch = async () => (await owner.get(`/api/v1/branches/${branchId}`)).body;
  /** The branch once its last commit is `commit` (applied or failed), within seconds: the poll would take an hour. */
  async function reaches(commit: string): Promise<any> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = await branch();
      if (now.last_commit === commit && (now.status === 'MIGRATIONS_PASSED' || now.status === 'MIGRATIONS_FAILED')) return now;
      if (Date.now() > deadline) throw new Error(`The branch did not reach ${commit}: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const push = (body: string, headers: Record<string, string>) => anonymous.request('POST', webhookPath, body, headers);
  const pushEvent = (gitBranch: string, after: string) => JSON.stringify({ ref: `refs/heads/${gitBranch}`, before: '0'.repeat(40), after, repository: { full_name: 'acme/app' } });

  beforeAll(async () => {
    repoDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-webhook-repo-'));
    await createGitFixture(repoDir, MIGRATIONS);
    await createBranch(repoDir, 'feature');
    // An hour between polls (one runs at start): only the webhook can bring a push within the test.
    setup = await startBranching('embedded', repoDir, { env: { PLINTH_BRANCH_POLL_MS: String(3600_000) } });
    owner = setup.owner;
    anonymous = new ApiClient(setup.platform.url);
    const [repository] = (await owner.get(`/api/platform/organizations/${setup.slug}/git-repositories`)).body;
    repositoryId = repository.id;
    const revealed = await owner.get(`/api/platform/organizations/${setup.slug}/git-repositories/${repositoryId}/webhook-secret`);
    expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
    expect(revealed.body.webhook_url).toBe(repository.webhook_url);
    expect(revealed.body.webhook_url).toMatch(new RegExp(`/api/git-webhooks/${repositoryId}$`));
    webhookPath = new URL(revealed.body.webhook_url).pathname;
    secret = revealed.body.secret;
    expect(secret).toMatch(/^whsec_/);

    const created = await owner.post(`/api/v1/projects/${setup.ref}/branches`, { branch_name: 'feature', git_branch: 'feature', region: 'local' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    branchId = created.body.id;
    expect(await setup.settled(branchId)).toMatchObject({ status: 'MIGRATIONS_PASSED', last_migration: { version: '20260101000000' } });
  }, 120_000);

  afterAll(async () => {
    await setup?.platform.stop();
    if (repoDir) await rm(repoDir, { recursive: true, force: true });
  });

  it('answers a signed ping; refuses an unknown repository, and a wrong or missing signature without applying anything', async () => {
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    const pong = await push(ping, { 'x-github-event': 'ping', 'x-hub-signature-256': sign(secret, ping) });
    expect(pong.status, JSON.stringify(pong.body)).toBe(200);
    expect(pong.body).toMatchObject({ message: 'pong', branches: 0 });

    const before = await branch();
    const commit = await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260102000000_notes.sql': 'create table public.notes (id int primary key);' }, 'notes');
    const body = pushEvent('feature', commit);
    const unknown = await anonymous.request('POST', '/api/git-webhooks/00000000-0000-4000-8000-000000000000', body, { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, body) });
    expect(unknown.status).toBe(404);
    const wrong = await push(body, { 'x-github-event': 'push', 'x-hub-signature-256': sign('not-the-secret', body) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('git_webhook_unauthorized');
    // Signed, but over other bytes than were sent.
    const tampered = await push(body.replace('feature', 'main'), { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, body) });
    expect(tampered.status).toBe(401);
    expect((await push(body, { 'x-github-event': 'push' })).status).toBe(401);
    // Over 1 MB is refused before anything is read of it.
    const huge = JSON.stringify({ ref: 'refs/heads/feature', padding: 'x'.repeat(1024 * 1024) });
    expect((await push(huge, { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, huge) })).status).toBe(413);

    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await branch()).toMatchObject({ status: 'MIGRATIONS_PASSED', last_commit: before.last_commit, last_migration: { version: '20260101000000' } });
    expect(await setup.query(before.project_ref, "select to_regclass('public.notes')::text as t")).toEqual([{ t: null }]);
  }, 30_000);

  it('applies a push signed GitHub-style within seconds, not at the next poll', async () => {
    const commit = await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260103000000_tags.sql': 'create table public.tags (id int primary key);' }, 'tags');
    const body = pushEvent('feature', commit);
    const accepted = await push(body, { 'x-github-event': 'push', 'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958', 'x-hub-signature-256': sign(secret, body) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body).toMatchObject({ branches: 1 });

    // Both migrations pushed since the branch was built (the one refused above, and this one).
    const applied = await reaches(commit);
    expect(applied).toMatchObject({ status: 'MIGRATIONS_PASSED', error: null, last_migration: { version: '20260103000000', name: 'tags' } });
    expect(await setup.query(applied.project_ref, "select to_regclass('public.notes')::text as notes, to_regclass('public.tags')::text as tags")).toEqual([{ notes: 'notes', tags: 'tags' }]);

    // A push to another Git branch syncs none of this repository's branches.
    const other = pushEvent('main', commit);
    const elsewhere = await push(other, { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, other) });
    expect(elsewhere.status).toBe(202);
    expect(elsewhere.body.branches).toBe(0);
  }, 60_000);

  it("takes GitLab's token and Gitea's signature", async () => {
    const commit = await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260104000000_labels.sql': 'create table public.labels (id int primary key);' }, 'labels');
    const body = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/feature', after: commit });
    expect((await push(body, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': `${secret}x` })).status).toBe(401);
    const accepted = await push(body, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': secret });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(await reaches(commit)).toMatchObject({ status: 'MIGRATIONS_PASSED', last_migration: { version: '20260104000000', name: 'labels' } });

    const next = await commitFiles(repoDir, 'feature', { 'supabase/migrations/20260105000000_colors.sql': 'create table public.colors (id int primary key);' }, 'colors');
    const giteaBody = pushEvent('feature', next);
    const hex = createHmac('sha256', secret).update(giteaBody).digest('hex');
    const gitea = await push(giteaBody, { 'x-gitea-event': 'push', 'x-gitea-signature': hex });
    expect(gitea.status, JSON.stringify(gitea.body)).toBe(202);
    expect(await reaches(next)).toMatchObject({ last_migration: { version: '20260105000000', name: 'colors' } });
  }, 60_000);

  it('regenerates the secret: the old one is refused from then on; only owners and administrators read it', async () => {
    const secretPath = `/api/platform/organizations/${setup.slug}/git-repositories/${repositoryId}/webhook-secret`;
    const outsider = (await signUp(setup.platform.url)).api;
    expect((await outsider.get(secretPath)).status).toBe(404);
    expect((await anonymous.get(secretPath)).status).toBe(401);

    const rotated = await owner.post(secretPath);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await owner.get(secretPath)).body.secret).toBe(rotated.body.secret);
    const body = pushEvent('feature', 'f'.repeat(40));
    expect((await push(body, { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, body) })).status).toBe(401);
    expect((await push(body, { 'x-github-event': 'push', 'x-hub-signature-256': sign(rotated.body.secret, body) })).status).toBe(202);
    secret = rotated.body.secret;
  }, 30_000);
});
