import type { ApiKey, Project, V1Project } from '@plinth/api-contract';
import { serverVersion } from '../engines/server-version.ts';
import { listApiKeys } from './api-keys.ts';
import type { Actor, ControlContext } from './context.ts';
import { listOrganizations } from './organizations.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';
import { getProject, listProjects } from './projects.ts';

/**
 * The Management API (/api/v1) in Supabase's shapes, over the same domain functions the dashboard
 * uses: the caller's role is authorised exactly as there, whether the call came with a session or a
 * personal access token.
 */
export async function v1Organizations(ctx: ControlContext, actor: Actor): Promise<{ id: string; name: string }[]> {
  // Supabase's id of an organisation is what Plinth calls its slug.
  return (await listOrganizations(ctx, actor)).map((organization) => ({ id: organization.slug, name: organization.name }));
}

export async function v1Projects(ctx: ControlContext, actor: Actor): Promise<V1Project[]> {
  const projects = await listProjects(ctx, actor);
  const versions = await postgresVersions(ctx, projects.filter((project) => !project.postgres_version).map((project) => project.ref));
  return projects.map((project) => presentV1Project(project, project.postgres_version || (versions.get(project.ref) ?? '')));
}

export async function v1Project(ctx: ControlContext, actor: Actor, ref: string): Promise<V1Project> {
  const project = await getProject(ctx, actor, ref);
  return presentV1Project(project, project.postgres_version || ((await postgresVersions(ctx, [ref])).get(ref) ?? ''));
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
