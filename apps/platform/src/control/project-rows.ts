import type { Project, ProjectStatus } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import type { EngineName } from '../engines/bootstrap.ts';
import type { ConnectionInfo, ProjectLocation, Queryable } from '../engines/types.ts';
import { authorize, membershipById, type Membership } from './access.ts';
import type { Actor, ControlContext } from './context.ts';

export interface ProjectRow {
  id: number;
  ref: string;
  name: string;
  organization_id: number;
  organization_slug: string;
  status: ProjectStatus;
  status_error: string | null;
  engine: EngineName;
  db_server: string | null;
  postgres_version: string | null;
  /** Bytes; null: the plan's own upload limit. */
  storage_upload_limit: string | number | null;
  region: string;
  jwt_secret_enc: string;
  db_pass_enc: string;
  anon_key: string;
  service_key_enc: string;
  inserted_at: Date | string;
  /** Set while a pause's archive (project-archives.ts) holds the database instead of the engine. */
  archive_key: string | null;
  archive_bytes: string | number | null;
  archive_sha256: string | null;
  /** Read-only mode (read-only-mode.ts): since when the database has been over its disk quota; null: it takes writes. */
  read_only_since?: Date | string | null;
  /** When point-in-time recovery was turned on (backups/pitr.ts); null: off. */
  pitr_enabled_at?: Date | string | null;
  /** Database branches (branches/): the parent has had a branch; a branch names its parent. */
  is_branch_enabled?: boolean;
  parent_project_ref?: string | null;
}

export const projectSelect = 'select p.*, o.slug as organization_slug, o.plan as organization_plan from projects p join organizations o on o.id = p.organization_id';

export async function projectRowByRef(db: Queryable, ref: string): Promise<ProjectRow | undefined> {
  return (await db.query<ProjectRow>(`${projectSelect} where p.ref = $1`, [ref])).rows[0];
}

/** The project and the caller's role in its organisation; a project of another organisation reads as not found. */
export async function accessProject(ctx: ControlContext, actor: Actor, ref: string): Promise<{ project: ProjectRow } & Membership> {
  const project = await projectRowByRef(ctx.db, ref);
  if (!project) throw new PlinthError('project_not_found');
  const membership = await membershipById(ctx.db, actor.userId, project.organization_id).catch(() => {
    throw new PlinthError('project_not_found');
  });
  authorize(membership.role, Action.READ, Resource.PROJECTS);
  return { project, ...membership };
}

export function locationOf(row: Pick<ProjectRow, 'ref' | 'db_server'>): ProjectLocation {
  return { ref: row.ref, server: row.db_server };
}

/** How to reach the database directly; unknown until a postgres-engine project has been placed on a server. */
export function connectionInfoOf(ctx: ControlContext, row: ProjectRow): ConnectionInfo {
  if (row.engine === 'postgres' && !row.db_server) return { host: '', port: 0, database: '', user: '' };
  return ctx.engine.connectionInfo(locationOf(row));
}

export function presentProject(ctx: ControlContext, row: ProjectRow): Project {
  const info = connectionInfoOf(ctx, row);
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    status: row.status,
    organization_id: row.organization_id,
    organization_slug: row.organization_slug,
    cloud_provider: row.engine.toUpperCase(),
    region: row.region,
    engine: row.engine,
    postgres_version: row.postgres_version ?? '',
    inserted_at: new Date(row.inserted_at).toISOString(),
    restUrl: `${ctx.config.publicUrl}/p/${row.ref}/rest/v1/`,
    // At or above kps-v3.8.6, the spec's threshold: the connecting screen asks /projects/{ref}/live.
    kpsVersion: 'kps-v3.8.6',
    is_branch_enabled: row.is_branch_enabled ?? false,
    parent_project_ref: row.parent_project_ref ?? null,
    // What the status says; reads of a project replace it with what its database answers (infrastructure-liveness.ts).
    postgrestStatus: row.status === 'ACTIVE_HEALTHY' ? 'ONLINE' : 'OFFLINE',
    db_host: info.host,
  };
}

export async function setStatus(db: Queryable, ref: string, status: ProjectStatus, error: string | null = null): Promise<void> {
  await db.query('update projects set status = $2, status_error = $3 where ref = $1', [ref, status, error]);
}
