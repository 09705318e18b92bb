/**
 * The GitHub-shaped integration calls of spec document 1 §7 over Plinth's Git tables: an
 * organisation's set of repositories is its one "organization integration" (id `git-{organization
 * id}`), each repository a GitHub-style repo, each project connection an "Integration connection"
 * (spec §3). Works for any Git host; nothing here talks to GitHub.
 */
import type { BodyOf, IntegrationConnection, OrganizationIntegration } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { authorize, membershipById, membershipBySlug, type Membership } from '../access.ts';
import type { Actor, ControlContext } from '../context.ts';
import { accessProject } from '../project-rows.ts';
import {
  connectGitRepository,
  connectionById,
  connectionOfProject,
  connectionsOfOrganization,
  disconnectGitRepository,
  type ConnectionRow,
} from './connections.ts';
import { displayUrl, headCommit, probeRepository } from './read.ts';
import { repositoriesOf, repositoryOf, type RepositoryRow } from './repositories.ts';

const integrationIdOf = (organizationId: number) => `git-${organizationId}`;

/** The caller's membership of the integration's organisation; any other id reads as not found. */
async function membershipOfIntegration(ctx: ControlContext, actor: Actor, integrationId: string): Promise<Membership> {
  const match = /^git-(\d{1,9})$/.exec(integrationId);
  if (!match) throw new PlinthError('git_repository_not_found', 'Integration not found.');
  return membershipById(ctx.db, actor.userId, Number(match[1])).catch(() => {
    throw new PlinthError('git_repository_not_found', 'Integration not found.');
  });
}

const ownerOf = (name: string) => (name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : name);

function presentIntegrationConnection(row: ConnectionRow, repository: RepositoryRow): IntegrationConnection {
  const inserted = new Date(row.inserted_at).toISOString();
  return {
    id: row.id,
    supabase_project_ref: row.project_ref,
    foreign_project_id: row.repository_id,
    organization_integration_id: integrationIdOf(repository.organization_id),
    inserted_at: inserted,
    updated_at: inserted,
    added_by: { id: row.added_by, primary_email: row.added_by_email, username: row.added_by_username },
    metadata: {
      name: repository.name,
      framework: null,
      account: { name: ownerOf(repository.name), type: 'Organization', avatar: '' },
      gitHubConnectionOwner: ownerOf(repository.name),
      production_branch: row.production_branch,
      supabase_directory: row.supabase_directory,
    },
  };
}

/** The organisation's integrations: one when it has repositories, none otherwise. */
export async function listIntegrations(ctx: ControlContext, actor: Actor, slug: string): Promise<OrganizationIntegration[]> {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const repositories = await repositoriesOf(ctx.db, organization.id);
  const first = repositories[0];
  if (!first) return [];
  const byId = new Map(repositories.map((r) => [r.id, r]));
  const connections = (await connectionsOfOrganization(ctx.db, organization.id)).flatMap((c) => {
    const repository = byId.get(c.repository_id);
    return repository ? [presentIntegrationConnection(c, repository)] : [];
  });
  const inserted = new Date(first.inserted_at).toISOString();
  return [
    {
      id: integrationIdOf(organization.id),
      integration: { name: 'GitHub' },
      organization: { slug: organization.slug },
      inserted_at: inserted,
      updated_at: inserted,
      added_by: { id: first.added_by, primary_email: first.added_by_email, username: first.added_by_username },
      metadata: { account: { name: organization.name, type: 'Organization', avatar: '' }, repositories: repositories.length },
      connections,
    },
  ];
}

export async function listIntegrationRepos(ctx: ControlContext, actor: Actor, integrationId: string, query: { per_page: number; page: number }) {
  const { organization, role } = await membershipOfIntegration(ctx, actor, integrationId);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const rows = await repositoriesOf(ctx.db, organization.id, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return rows.map((r) => ({ id: r.id, name: r.name.slice(r.name.lastIndexOf('/') + 1), full_name: r.name, owner: { login: ownerOf(r.name) }, url: displayUrl(r.url) }));
}

/** 200 with the head commit when the branch exists; "Unable to find branch from {owner}/{repo}" otherwise. */
export async function checkIntegrationBranch(ctx: ControlContext, actor: Actor, params: { integrationId: string; owner: string; repo: string; branch: string }) {
  const { organization, role } = await membershipOfIntegration(ctx, actor, params.integrationId);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const name = `${params.owner}/${params.repo}`;
  const repository = (await repositoriesOf(ctx.db, organization.id)).find((r) => r.name === name);
  if (!repository) throw new PlinthError('git_repository_not_found', `Git repository ${name} not found.`);
  const sha = await headCommit(ctx, repository.id, params.branch);
  if (sha === null) throw new PlinthError('git_branch_not_found', `Unable to find branch from ${name}`);
  return { name: params.branch, commit: { sha } };
}

/** Connects a project of the integration's organisation; the production branch defaults to the repository's default branch. */
export async function createIntegrationConnection(ctx: ControlContext, actor: Actor, body: BodyOf<'integrationConnectionCreate'>): Promise<IntegrationConnection> {
  const { organization, role } = await membershipOfIntegration(ctx, actor, body.organization_integration_id);
  authorize(role, Action.UPDATE, Resource.ORGANIZATION);
  const { project } = await accessProject(ctx, actor, body.connection.supabase_project_ref);
  if (project.organization_id !== organization.id) throw new PlinthError('project_not_found');
  const repository = await repositoryOf(ctx.db, organization.id, body.connection.foreign_project_id);
  let branch = body.connection.metadata?.production_branch;
  if (!branch) {
    const token = repository.token_enc ? ctx.secrets.decrypt(repository.token_enc) : null;
    branch = (await probeRepository(repository.url, token)).defaultBranch ?? 'main';
  }
  await connectGitRepository(ctx, actor, project.ref, {
    repository_id: repository.id,
    production_branch: branch,
    supabase_directory: body.connection.metadata?.supabase_directory ?? '',
  });
  const row = await connectionOfProject(ctx.db, project.ref);
  if (!row) throw new PlinthError('git_connection_not_found');
  return presentIntegrationConnection(row, repository);
}

export async function deleteIntegrationConnection(ctx: ControlContext, actor: Actor, connectionId: string): Promise<void> {
  const row = await connectionById(ctx.db, connectionId);
  if (!row) throw new PlinthError('git_connection_not_found');
  // Not a member of the project's organisation: not found, as if it did not exist.
  await accessProject(ctx, actor, row.project_ref).catch(() => {
    throw new PlinthError('git_connection_not_found');
  });
  await disconnectGitRepository(ctx, actor, row.project_ref);
}
