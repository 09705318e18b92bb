import type { BodyOf, Snippet, SNIPPET_TYPES } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource, can, type Role } from '@plinth/permissions';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

type SnippetType = (typeof SNIPPET_TYPES)[number];

/**
 * Saved queries of two kinds in one table: the SQL editor's snippets ('sql') and the logs
 * explorer's saved log queries ('log_sql'), with the same shape and rules. A list names its type, so
 * neither screen shows the other's; an item, a patch and a delete act on the row whatever its type.
 */
interface SnippetRow {
  id: string;
  type: SnippetType;
  project_ref: string;
  owner_id: string;
  owner_username: string | null;
  owner_email: string;
  name: string;
  description: string | null;
  visibility: 'user' | 'project';
  sql: string;
  favorite: boolean;
  inserted_at: Date | string;
  updated_at: Date | string;
}

const snippetSelect = `
  select s.*, p.username as owner_username, u.email as owner_email
  from snippets s join auth.users u on u.id = s.owner_id left join profiles p on p.user_id = s.owner_id`;

/** Own snippets (and reports) are the owner's to change; shared ones belong to every member who may write content. */
export function canEdit(row: Pick<SnippetRow, 'owner_id' | 'visibility'>, actor: Actor, role: Role): boolean {
  if (row.visibility === 'user') return row.owner_id === actor.userId;
  return can(role, Action.UPDATE, Resource.USER_CONTENT);
}

function present(row: SnippetRow, actor: Actor, role: Role): Snippet {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    content: { sql: row.sql, favorite: row.favorite, schema_version: '1.0' },
    owner_id: row.owner_id,
    owner: { id: row.owner_id, username: row.owner_username ?? row.owner_email.split('@')[0] },
    project_ref: row.project_ref,
    inserted_at: new Date(row.inserted_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    can_edit: canEdit(row, actor, role),
  };
}

/** A snippet the caller may see: their own, or a shared one of this project. Anything else is not found. */
async function visibleSnippet(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<SnippetRow | undefined> {
  const { rows } = await ctx.db.query<SnippetRow>(
    `${snippetSelect} where s.id = $1 and s.project_ref = $2 and (s.visibility = 'project' or s.owner_id = $3)`,
    [id, ref, actor.userId],
  );
  return rows[0];
}

export async function listSnippets(
  ctx: ControlContext,
  actor: Actor,
  ref: string,
  filter: { type: SnippetType; visibility?: 'user' | 'project'; favorite?: boolean; name?: string; limit: number; cursor?: string },
): Promise<{ data: Snippet[]; cursor: string | null }> {
  const { role } = await accessProject(ctx, actor, ref);
  const offset = Number(filter.cursor ?? 0) || 0;
  const { rows } = await ctx.db.query<SnippetRow>(
    `${snippetSelect}
     where s.project_ref = $1 and s.type = $8 and (s.visibility = 'project' or s.owner_id = $2)
       and ($3::text is null or s.visibility = $3)
       and ($4::boolean is null or s.favorite = $4)
       and ($5::text is null or s.name ilike '%' || $5 || '%')
     order by s.updated_at desc, s.id limit $6 offset $7`,
    [ref, actor.userId, filter.visibility ?? null, filter.favorite ?? null, filter.name ?? null, filter.limit + 1, offset, filter.type],
  );
  return {
    data: rows.slice(0, filter.limit).map((row) => present(row, actor, role)),
    cursor: rows.length > filter.limit ? String(offset + filter.limit) : null,
  };
}

export async function getSnippet(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<Snippet> {
  const { role } = await accessProject(ctx, actor, ref);
  const row = await visibleSnippet(ctx, actor, ref, id);
  if (!row) throw new PlinthError('content_not_found');
  return present(row, actor, role);
}

/** Autosave: creates the snippet on first save (client-chosen id), then saves over it. */
export async function upsertSnippet(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'contentUpsert'>): Promise<Snippet> {
  const { role, project } = await accessProject(ctx, actor, ref);
  const existing = await ctx.db.query<SnippetRow>(`${snippetSelect} where s.id = $1`, [body.id]);
  const current = existing.rows[0];
  if (current) {
    if (current.project_ref !== ref || (current.visibility === 'user' && current.owner_id !== actor.userId)) {
      throw new PlinthError('content_not_found');
    }
    if (!canEdit(current, actor, role)) throw new PlinthError('forbidden');
    // A saved query keeps its kind: an editor snippet does not turn into a log query by being saved.
    if (current.type !== body.type) {
      const message = `This query is saved as type '${current.type}', not '${body.type}'.`;
      throw new PlinthError('validation_failed', message, { issues: [{ path: 'type', message }] });
    }
  } else if (!can(role, Action.CREATE, Resource.USER_CONTENT)) {
    throw new PlinthError('forbidden', 'Your queries will not be saved as you do not have sufficient permissions');
  } else if (body.type === 'log_sql' && !ctx.config.featureFlags.saved_log_queries) {
    throw new PlinthError('not_implemented', 'Saved log queries are turned off on this platform (PLINTH_FEATURE_FLAGS).');
  }
  await ctx.db.query(
    `insert into snippets (id, project_ref, owner_id, type, name, description, visibility, sql, favorite, last_updated_by)
     values ($1, $2, $3, $9, $4, $5, $6, $7, coalesce($8, false), $3)
     on conflict (id) do update set name = excluded.name, description = excluded.description,
       visibility = excluded.visibility, sql = excluded.sql, favorite = coalesce($8, snippets.favorite),
       updated_at = now(), last_updated_by = $3`,
    [body.id, ref, actor.userId, body.name, body.description ?? null, body.visibility, body.content.sql, body.content.favorite ?? null, body.type],
  );
  if (!current) {
    await recordAudit(ctx.db, actor, { action: 'content.create', organizationSlug: project.organization_slug, projectRef: ref, target: body.name });
  }
  return getSnippet(ctx, actor, ref, body.id);
}

/** Rename, share (user -> project), favourite or edit. Sharing needs the create permission. */
export async function patchSnippet(ctx: ControlContext, actor: Actor, ref: string, id: string, body: BodyOf<'contentPatch'>): Promise<Snippet> {
  const { role, project } = await accessProject(ctx, actor, ref);
  const row = await visibleSnippet(ctx, actor, ref, id);
  if (!row) throw new PlinthError('content_not_found');
  if (!canEdit(row, actor, role)) throw new PlinthError('forbidden');
  if (body.visibility && body.visibility !== row.visibility) {
    if (body.visibility === 'user' || !can(role, Action.CREATE, Resource.USER_CONTENT)) throw new PlinthError('forbidden');
  }
  await ctx.db.query(
    `update snippets set name = coalesce($2, name),
       description = case when $3::boolean then $4 else description end,
       visibility = coalesce($5, visibility), sql = coalesce($6, sql), favorite = coalesce($7, favorite),
       updated_at = now(), last_updated_by = $8
     where id = $1`,
    [id, body.name ?? null, body.description !== undefined, body.description ?? null, body.visibility ?? null, body.content?.sql ?? null, body.content?.favorite ?? null, actor.userId],
  );
  const changes = Object.keys(body).join(', ');
  await recordAudit(ctx.db, actor, { action: 'content.update', organizationSlug: project.organization_slug, projectRef: ref, target: `${row.name} (${changes})` });
  return getSnippet(ctx, actor, ref, id);
}

export async function deleteSnippets(ctx: ControlContext, actor: Actor, ref: string, ids: string[]): Promise<string[]> {
  const { role, project } = await accessProject(ctx, actor, ref);
  const deleted: string[] = [];
  for (const id of ids) {
    const row = await visibleSnippet(ctx, actor, ref, id);
    if (!row) throw new PlinthError('content_not_found');
    const mayDelete = row.visibility === 'user' ? row.owner_id === actor.userId : can(role, Action.DELETE, Resource.USER_CONTENT);
    if (!mayDelete) throw new PlinthError('forbidden');
    await ctx.db.query('delete from snippets where id = $1', [id]);
    await recordAudit(ctx.db, actor, { action: 'content.delete', organizationSlug: project.organization_slug, projectRef: ref, target: row.name });
    deleted.push(id);
  }
  return deleted;
}
