/**
 * Git repositories and project Git connections over HTTP, against repositories this test creates: a
 * local path, and one served over Git's smart HTTP protocol behind an access token (fetched into the
 * platform's cache). Covers adding (read before saving, bad URLs refused), the GitHub-shaped calls
 * (integrations, repositories paged, branch verification with the spec's message, connections),
 * connecting a project, reading its migrations and seed (a push is picked up), permissions and
 * organisation isolation, and removal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type ApiClient } from '../support/client.ts';
import { commitFiles, createBranch, createGitFixture, serveGitOverHttp, type GitHttpServer } from '../support/git-fixture.ts';
import { startPlatform } from '../support/platform.ts';

const TOKEN = 'glpat-test-token-123';

describe('Git repositories and project connections', () => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let developer: ApiClient;
  let outsider: ApiClient;
  let base: string;
  let served: GitHttpServer;
  let slug: string;
  let ref: string;
  let localId: string;
  let remoteId: string;
  let integrationId: string;

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'plinth-git-'));
    await createGitFixture(path.join(base, 'acme', 'app'), {
      'supabase/migrations/20240102000000_tags.sql': 'create table tags (id int);',
      'supabase/migrations/20240101000000_todos.sql': 'create table todos (id int);',
      'supabase/migrations/README.md': 'not a migration',
      'supabase/seed.sql': "insert into todos values (1);",
    });
    await createBranch(path.join(base, 'acme', 'app'), 'feature/login');
    await createGitFixture(path.join(base, 'acme', 'mono'), { 'apps/db/supabase/migrations/1_only.sql': 'select 1;' });
    await createGitFixture(path.join(base, 'remote', 'api'), { 'supabase/migrations/20250101000000_first.sql': 'create table first (id int);' });
    served = await serveGitOverHttp(path.join(base, 'remote', 'api'), { token: TOKEN });

    platform = await startPlatform({ engine: 'embedded', env: { PLINTH_GIT_LOCAL_ROOTS: path.join(base, 'acme') } });
    owner = (await signUp(platform.url)).api;
    outsider = (await signUp(platform.url)).api;
    slug = (await owner.post('/api/organizations', { name: 'Git org', plan: 'free' })).body.slug;
    await outsider.post('/api/organizations', { name: 'Other org', plan: 'free' });
    const member = await signUp(platform.url, uniqueEmail('dev'));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role: 'Developer' });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    developer = member.api;
    ref = (await owner.post('/api/projects', { name: 'git app', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await served?.close();
    if (base) await rm(base, { recursive: true, force: true });
  });

  it('adds repositories after reading them, and refuses what cannot be read', async () => {
    const local = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'acme', 'app') });
    expect(local.status, JSON.stringify(local.body)).toBe(201);
    expect(local.body).toMatchObject({ name: 'acme/app', has_token: false });
    localId = local.body.id;

    const missingPath = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'acme', 'nowhere') });
    expect(missingPath.status).toBe(400);
    expect(missingPath.body).toMatchObject({ code: 'git_repository_unreadable', message: expect.stringContaining(path.join(base, 'acme', 'nowhere')) });
    // Only the folders the operator opened are read: a real repository elsewhere is refused.
    const outside = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'remote', 'api') });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toContain('PLINTH_GIT_LOCAL_ROOTS');
    const notUrl = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: 'ssh://git@example.com/a/b' });
    expect(notUrl.status).toBe(400);
    const duplicate = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'acme', 'app') });
    expect(duplicate.status).toBe(409);

    // Over HTTP: the token is needed, then kept sealed and never answered.
    const noToken = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: served.url });
    expect(noToken.status).toBe(400);
    expect(noToken.body.message).toContain(served.url);
    const remote = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: served.url, token: TOKEN });
    expect(remote.status, JSON.stringify(remote.body)).toBe(201);
    expect(remote.body).toMatchObject({ name: 'remote/api', url: served.url, has_token: true });
    remoteId = remote.body.id;
    const mono = await owner.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'acme', 'mono') });
    expect(mono.status).toBe(201);

    const list = await developer.get(`/api/platform/organizations/${slug}/git-repositories`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['acme/app', 'remote/api', 'acme/mono']);
    expect(JSON.stringify(list.body)).not.toContain(TOKEN);
    const { rows } = await platform.control.db.query<{ token_enc: string }>('select token_enc from git_repositories where id = $1', [remoteId]);
    expect(rows[0].token_enc).not.toContain(TOKEN);
  });

  it('lets members read but only owners and administrators change, and hides everything from other organisations', async () => {
    expect((await developer.post(`/api/platform/organizations/${slug}/git-repositories`, { url: path.join(base, 'acme', 'mono') })).status).toBe(403);
    expect((await developer.delete(`/api/platform/organizations/${slug}/git-repositories/${localId}`)).status).toBe(403);
    expect((await developer.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: localId, production_branch: 'main' })).status).toBe(403);

    expect((await outsider.get(`/api/platform/organizations/${slug}/git-repositories`)).status).toBe(404);
    expect((await outsider.get(`/api/platform/integrations/${slug}`)).status).toBe(404);
    const integrations = await owner.get(`/api/platform/integrations/${slug}`);
    integrationId = integrations.body[0].id;
    expect((await outsider.get(`/api/platform/integrations/github/repos/${integrationId}`)).status).toBe(404);
    expect((await outsider.get(`/api/platform/integrations/github/branches/${integrationId}/acme/app/main`)).status).toBe(404);
    expect((await outsider.get(`/api/platform/projects/${ref}/git-connection`)).status).toBe(404);
    // Another organisation's repository cannot be connected to its projects, nor its own to ours.
    const otherSlug = (await outsider.get('/api/organizations')).body[0].slug;
    const theirs = await outsider.post(`/api/platform/organizations/${otherSlug}/git-repositories`, { url: path.join(base, 'acme', 'mono') });
    expect(theirs.status).toBe(201);
    const cross = await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: theirs.body.id, production_branch: 'main' });
    expect(cross.status).toBe(404);
  });

  it('answers the GitHub-shaped calls: one integration, repositories paged, branches verified', async () => {
    const integrations = await owner.get(`/api/platform/integrations/${slug}`);
    expect(integrations.status).toBe(200);
    expect(integrations.body).toEqual([expect.objectContaining({ id: integrationId, integration: { name: 'GitHub' }, connections: [] })]);

    const page1 = await owner.get(`/api/platform/integrations/github/repos/${integrationId}?per_page=2&page=1`);
    const page2 = await owner.get(`/api/platform/integrations/github/repos/${integrationId}?per_page=2&page=2`);
    expect(page1.body.map((r: { full_name: string }) => r.full_name)).toEqual(['acme/app', 'remote/api']);
    expect(page2.body).toEqual([expect.objectContaining({ full_name: 'acme/mono', name: 'mono', owner: { login: 'acme' } })]);
    expect((await owner.get(`/api/platform/integrations/github/repos/${integrationId}`)).body).toHaveLength(3);
    expect((await owner.get(`/api/platform/integrations/github/repos/${integrationId}?page=11`)).status).toBe(400);
    expect((await owner.get(`/api/platform/integrations/github/repos/${integrationId}?per_page=101`)).status).toBe(400);

    const found = await owner.get(`/api/platform/integrations/github/branches/${integrationId}/acme/app/${encodeURIComponent('feature/login')}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ name: 'feature/login', commit: { sha: expect.stringMatching(/^[0-9a-f]{40}$/) } });
    const missing = await owner.get(`/api/platform/integrations/github/branches/${integrationId}/acme/app/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Unable to find branch from acme/app');
    const remoteBranch = await developer.get(`/api/platform/integrations/github/branches/${integrationId}/remote/api/main`);
    expect(remoteBranch.status, JSON.stringify(remoteBranch.body)).toBe(200);
  });

  it('connects a project, reads its migrations in order and its seed, and picks up a push', async () => {
    const wrongBranch = await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: localId, production_branch: 'nope' });
    expect(wrongBranch.status).toBe(404);
    expect(wrongBranch.body.message).toBe('Unable to find branch from acme/app');
    expect((await owner.get(`/api/platform/projects/${ref}/git-connection`)).body).toBeNull();

    const connected = await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: localId, production_branch: 'main', supabase_directory: '' });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(connected.body).toMatchObject({ project_ref: ref, production_branch: 'main', supabase_directory: '', repository: { id: localId, name: 'acme/app' } });
    const files = await developer.get(`/api/platform/projects/${ref}/git-connection/files`);
    expect(files.status, JSON.stringify(files.body)).toBe(200);
    expect(files.body.migrations.map((m: { path: string }) => m.path)).toEqual(['supabase/migrations/20240101000000_todos.sql', 'supabase/migrations/20240102000000_tags.sql']);
    expect(files.body.migrations[0]).toMatchObject({ version: '20240101000000', name: 'todos', sql: 'create table todos (id int);' });
    expect(files.body.seed).toEqual({ path: 'supabase/seed.sql', sql: 'insert into todos values (1);' });

    // The remote repository: fetched into the platform's cache, a new commit picked up on the next read.
    const remote = await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: remoteId, production_branch: 'main' });
    expect(remote.status, JSON.stringify(remote.body)).toBe(201);
    const before = (await owner.get(`/api/platform/projects/${ref}/git-connection/files`)).body;
    expect(before).toMatchObject({ repository: 'remote/api', seed: null, migrations: [{ version: '20250101000000', name: 'first' }] });
    await commitFiles(path.join(base, 'remote', 'api'), 'main', { 'supabase/migrations/20250102000000_second.sql': 'create table second (id int);', 'supabase/seed.sql': 'select 2;' }, 'second');
    const after = (await owner.get(`/api/platform/projects/${ref}/git-connection/files`)).body;
    expect(after.commit).not.toBe(before.commit);
    expect(after.migrations.map((m: { name: string }) => m.name)).toEqual(['first', 'second']);
    expect(after.seed).toEqual({ path: 'supabase/seed.sql', sql: 'select 2;' });

    // A folder inside the repository.
    const mono = (await owner.get(`/api/platform/organizations/${slug}/git-repositories`)).body.find((r: { name: string }) => r.name === 'acme/mono');
    expect((await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: mono.id, production_branch: 'main', supabase_directory: '/apps/db/' })).status).toBe(201);
    const nested = (await owner.get(`/api/platform/projects/${ref}/git-connection/files`)).body;
    expect(nested).toMatchObject({ directory: 'apps/db', migrations: [{ path: 'apps/db/supabase/migrations/1_only.sql', sql: 'select 1;' }], seed: null });
    expect((await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: mono.id, production_branch: 'main', supabase_directory: '../etc' })).status).toBe(400);
  });

  it('creates and deletes the connection through the GitHub-shaped calls, and removes a repository with its connections', async () => {
    expect((await owner.delete(`/api/platform/projects/${ref}/git-connection`)).status).toBe(200);
    expect((await owner.delete(`/api/platform/projects/${ref}/git-connection`)).status).toBe(404);

    const created = await owner.post('/api/platform/integrations/github/connections', {
      organization_integration_id: integrationId,
      connection: { foreign_project_id: localId, supabase_project_ref: ref },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      supabase_project_ref: ref,
      foreign_project_id: localId,
      organization_integration_id: integrationId,
      added_by: { primary_email: expect.stringContaining('@') },
      metadata: { name: 'acme/app', gitHubConnectionOwner: 'acme', production_branch: 'main', supabase_directory: '' },
    });
    const listed = (await developer.get(`/api/platform/integrations/${slug}`)).body[0].connections;
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, supabase_project_ref: ref })]);
    expect((await outsider.delete(`/api/platform/integrations/github/connections/${created.body.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/platform/integrations/github/connections/${created.body.id}`)).status).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/git-connection`)).body).toBeNull();

    expect((await owner.post(`/api/platform/projects/${ref}/git-connection`, { repository_id: localId, production_branch: 'main' })).status).toBe(201);
    expect((await owner.delete(`/api/platform/organizations/${slug}/git-repositories/${localId}`)).status).toBe(200);
    expect((await owner.get(`/api/platform/projects/${ref}/git-connection`)).body).toBeNull();
    // The download dialog's read without a connection: the error's code and message (spec document 2 §8).
    const noFiles = await owner.get(`/api/platform/projects/${ref}/git-connection/files`);
    expect(noFiles.status).toBe(404);
    expect(noFiles.body).toMatchObject({ code: 'git_connection_not_found', message: expect.any(String) });
    expect((await owner.get(`/api/platform/organizations/${slug}/git-repositories`)).body.map((r: { id: string }) => r.id)).not.toContain(localId);
    const audit = await platform.control.db.query<{ action: string }>("select action from audit_log where organization_slug = $1 and action like '%git%' order by id", [slug]);
    expect(audit.rows.map((r) => r.action)).toContain('organization.git_repository.delete');
    expect(audit.rows.map((r) => r.action)).toContain('project.git_connection.create');
  });
});
