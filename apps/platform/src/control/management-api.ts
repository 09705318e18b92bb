import type { ApiKey, BodyOf, Project, ResponseOf, V1PostgrestConfig, V1Project } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { serverVersion } from '../engines/server-version.ts';
import { listApiKeys } from './api-keys.ts';
import type { Actor, ControlContext } from './context.ts';
import { runSql } from './database-management.ts';
import { postgrestConfig, updatePostgrestConfig } from './api-settings.ts';
import { createOrganization, getOrganization, listOrganizations } from './organizations.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';
import { createProject, deleteProject, getProject, listProjects, pauseProject, restoreProject } from './projects.ts';
import { projectStorageConfig, updateStorageConfig } from './storage-config.ts';

/**
 * The Management API (/api/v1) in Supabase's shapes, over the same domain functions the dashboard
 * uses: the caller's role is authorised exactly as there, whether the call came with a session or a
 * personal access token.
 */
export async function v1Organizations(ctx: ControlContext, actor: Actor): Promise<{ id: string; name: string }[]> {
  // Supabase's id of an organisation is what Plinth calls its slug.
  return (await listOrganizations(ctx, actor)).map((organization) => ({ id: organization.slug, name: organization.name }));
}

/** POST /v1/organizations: a Free organisation (a paid plan needs a payment method, set on the billing page). */
export async function v1CreateOrganization(ctx: ControlContext, actor: Actor, body: BodyOf<'v1OrganizationCreate'>): Promise<{ id: string; name: string }> {
  const organization = await createOrganization(ctx, actor, { name: body.name });
  return { id: organization.slug, name: organization.name };
}

export async function v1Projects(ctx: ControlContext, actor: Actor): Promise<V1Project[]> {
  const projects = await listProjects(ctx, actor);
  const versions = await postgresVersions(ctx, projects.filter((project) => !project.postgres_version).map((project) => project.ref));
  return projects.map((project) => presentV1Project(project, project.postgres_version || (versions.get(project.ref) ?? '')));
}

export async function v1Project(ctx: ControlContext, actor: Actor, ref: string): Promise<V1Project> {
  return presentWithVersion(ctx, await getProject(ctx, actor, ref));
}

export async function v1Organization(ctx: ControlContext, actor: Actor, slug: string): Promise<ResponseOf<'v1Organization'>> {
  const organization = await getOrganization(ctx, actor, slug);
  return { id: organization.slug, name: organization.name, plan: organization.plan.id, opt_in_tags: [], allowed_release_channels: ['ga'] };
}

/** POST /v1/projects: the dashboard's createProject; region and plan are the installation's and the organisation's. */
export async function v1CreateProject(ctx: ControlContext, actor: Actor, body: BodyOf<'v1ProjectCreate'>): Promise<V1Project> {
  const organizationSlug = (body.organization_id ?? body.organization_slug) as string;
  return presentWithVersion(ctx, await createProject(ctx, actor, { name: body.name, organization_slug: organizationSlug, db_pass: body.db_pass }));
}

/** DELETE /v1/projects/{ref}: the token or session is the confirmation the dashboard asks to type. */
export async function v1DeleteProject(ctx: ControlContext, actor: Actor, ref: string): Promise<{ id: string; ref: string; name: string }> {
  const project = await getProject(ctx, actor, ref);
  await deleteProject(ctx, actor, ref, ref);
  return { id: ref, ref, name: project.name };
}

export async function v1PauseProject(ctx: ControlContext, actor: Actor, ref: string): Promise<V1Project> {
  return presentWithVersion(ctx, await pauseProject(ctx, actor, ref));
}

export async function v1RestoreProject(ctx: ControlContext, actor: Actor, ref: string): Promise<V1Project> {
  return presentWithVersion(ctx, await restoreProject(ctx, actor, ref));
}

/** POST /v1/projects/{ref}/database/query: the SQL editor's run, answering with the last statement's rows. */
export async function v1RunQuery(ctx: ControlContext, actor: Actor, ref: string, query: string): Promise<Record<string, unknown>[]> {
  const results = await runSql(ctx, actor, ref, query);
  return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
}

/** Plinth's data plane puts public and extensions on every request's search_path (data-plane/rest). */
const EXTRA_SEARCH_PATH = 'public, extensions';

function v1Postgrest(config: { db_schema: string; max_rows: number }): V1PostgrestConfig {
  return { db_schema: config.db_schema, max_rows: config.max_rows, db_extra_search_path: EXTRA_SEARCH_PATH, db_pool: null };
}

export async function v1PostgrestConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<V1PostgrestConfig> {
  return v1Postgrest(await postgrestConfig(ctx, actor, ref));
}

/**
 * PATCH /v1/projects/{ref}/postgrest. Tools send every field back: the two Plinth does not let anyone
 * change are accepted when they say what is already so, and refused when they ask for something else.
 */
export async function v1UpdatePostgrestConfig(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'v1PostgrestConfigUpdate'>): Promise<V1PostgrestConfig> {
  const normalise = (path: string) => path.split(',').map((s) => s.trim()).filter(Boolean).join(', ');
  if (body.db_extra_search_path !== undefined && normalise(body.db_extra_search_path) !== EXTRA_SEARCH_PATH) {
    throw new PlinthError('validation_failed', `db_extra_search_path: Plinth's Data API always searches ${EXTRA_SEARCH_PATH}; it cannot be changed.`);
  }
  if (body.db_pool !== undefined && body.db_pool !== null) {
    throw new PlinthError('validation_failed', 'db_pool: Plinth sizes the Data API pool itself; it cannot be set.');
  }
  return v1Postgrest(await updatePostgrestConfig(ctx, actor, ref, { db_schema: body.db_schema, max_rows: body.max_rows }));
}

export async function v1StorageConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<ResponseOf<'v1StorageConfig'>> {
  return projectStorageConfig(ctx, actor, ref);
}

/** Image transformations follow the plan, so a request to turn them on or off only succeeds when it asks for what the plan gives. */
export async function v1UpdateStorageConfig(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'v1StorageConfigUpdate'>): Promise<ResponseOf<'v1StorageConfig'>> {
  const current = await projectStorageConfig(ctx, actor, ref);
  const transformations = body.features?.imageTransformation?.enabled;
  if (transformations !== undefined && transformations !== current.features.imageTransformation.enabled) {
    throw new PlinthError('plan_feature_unavailable', `Image transformations are ${current.features.imageTransformation.enabled ? 'included in' : 'not available on'} this project's plan.`);
  }
  if (body.fileSizeLimit === undefined || body.fileSizeLimit === current.fileSizeLimit) return current;
  return updateStorageConfig(ctx, actor, ref, body.fileSizeLimit);
}

async function presentWithVersion(ctx: ControlContext, project: Project): Promise<V1Project> {
  return presentV1Project(project, project.postgres_version || ((await postgresVersions(ctx, [project.ref])).get(project.ref) ?? ''));
}

/**
 * The keys GET /v1/projects/{ref}/api-keys lists: the legacy anon and service_role JWTs (service_role
 * only for members who may read it), then the publishable and secret keys (a secret one itself only
 * with ?reveal=true).
 */
export async function v1ProjectApiKeys(ctx: ControlContext, actor: Actor, ref: string, reveal: boolean): Promise<ApiKey[]> {
  return listApiKeys(ctx, actor, ref, { reveal, includeLegacy: true });
}

function presentV1Project(project: Project, version: string): V1Project {
  return {
    id: project.ref,
    ref: project.ref,
    organization_id: project.organization_slug,
    organization_slug: project.organization_slug,
    name: project.name,
    region: project.region,
    created_at: project.inserted_at,
    status: project.status,
    database: { host: project.db_host, version, postgres_engine: version.split('.')[0], release_channel: 'ga' },
  };
}

/**
 * Projects provisioned before their version was recorded (migration 0010): a server's version does
 * not change while this process runs, so each server is asked once. Embedded projects run the same
 * PGlite build as the platform database, so that one answers for them. A server-engine server is
 * asked through one of its healthy projects; until one is up the version is unknown ('').
 */
const versionByServer = new Map<string, string>();

async function postgresVersions(ctx: ControlContext, refs: string[]): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  if (ctx.engine.name === 'embedded') {
    const version = versionByServer.get('embedded') ?? (await serverVersion(ctx.db));
    versionByServer.set('embedded', version);
    return new Map(refs.map((ref) => [ref, version]));
  }
  const { rows } = await ctx.db.query<Pick<ProjectRow, 'ref' | 'db_server' | 'status'>>(
    'select ref, db_server, status from projects where ref = any($1::text[])',
    [refs],
  );
  const versions = new Map<string, string>();
  for (const row of rows) {
    if (!row.db_server) continue;
    if (!versionByServer.has(row.db_server) && row.status === 'ACTIVE_HEALTHY') {
      const version = await ctx.engine.project(locationOf(row)).then(serverVersion).catch(() => '');
      if (version) versionByServer.set(row.db_server, version);
    }
    versions.set(row.ref, versionByServer.get(row.db_server) ?? '');
  }
  return versions;
}
