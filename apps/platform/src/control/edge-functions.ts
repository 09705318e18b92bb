/**
 * A project's edge functions as the Management API creates, deploys, changes, lists and deletes them. Each deploy
 * stores the version's files in the object store first and then moves the row to that version in
 * one statement, so an invocation sees the old version or the new one, never half of either.
 */
import { randomUUID } from 'node:crypto';
import { functionDeployMetadataSchema, type EdgeFunction } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { limits } from '@plinth/plans';
import { checkDeployment } from '../data-plane/functions/check.ts';
import { filesOf, functionPrefix, normalizeFunctionPath, putFunctionFiles, readFunctionFile, versionPrefix, type FunctionFile } from '../data-plane/functions/files.ts';
import { functionServiceFor } from '../data-plane/functions/service.ts';
import { authorize } from './access.ts';
import type { Queryable } from '../engines/types.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

/** What a deploy request carries, read by the HTTP layer up to `maxBytes` of files. */
export interface FunctionUpload {
  metadata: unknown;
  files: { path: string; content: Buffer }[];
}
export type UploadReader = (maxBytes: number) => Promise<FunctionUpload>;

export interface EdgeFunctionRow {
  id: string;
  project_ref: string;
  slug: string;
  name: string;
  version: number;
  status: 'ACTIVE';
  entrypoint_path: string;
  import_map_path: string | null;
  verify_jwt: boolean;
  /** The version's files (jsonb: an array, or its text on some drivers). */
  files: { path: string; size: number }[] | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** No plan figure (Enterprise: custom) still has a ceiling: what Supabase's largest plan allows. */
const SIZE_CEILING_BYTES = 20 * 1024 * 1024;
const COUNT_CEILING = 1000;

function present(row: EdgeFunctionRow): EdgeFunction {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    version: row.version,
    created_at: new Date(row.created_at).getTime(),
    updated_at: new Date(row.updated_at).getTime(),
    verify_jwt: row.verify_jwt,
    import_map: row.import_map_path !== null,
    entrypoint_path: row.entrypoint_path,
    import_map_path: row.import_map_path,
  };
}

export async function functionRow(ctx: ControlContext, ref: string, slug: string): Promise<EdgeFunctionRow | undefined> {
  const { rows } = await ctx.db.query<EdgeFunctionRow>('select * from edge_functions where project_ref = $1 and slug = $2', [ref, slug]);
  return rows[0];
}

export async function listFunctions(ctx: ControlContext, actor: Actor, ref: string): Promise<EdgeFunction[]> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.READ, Resource.EDGE_FUNCTIONS);
  const { rows } = await ctx.db.query<EdgeFunctionRow>('select * from edge_functions where project_ref = $1 order by created_at, slug', [ref]);
  return rows.map(present);
}

export async function getFunction(ctx: ControlContext, actor: Actor, ref: string, slug: string): Promise<EdgeFunction> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.READ, Resource.EDGE_FUNCTIONS);
  const row = await functionRow(ctx, ref, slug);
  if (!row) throw new PlinthError('function_not_found');
  return present(row);
}

/** The entrypoint among the files: the path as given, else the one file whose path ends with it (or it with the file's). */
function entrypointAmong(files: FunctionFile[], raw: string): string {
  const wanted = normalizeFunctionPath(raw);
  if (!wanted) throw new PlinthError('function_invalid', `The entrypoint path ${JSON.stringify(raw)} is not a relative path inside the function.`);
  const exact = files.find((file) => file.path === wanted);
  if (exact) return exact.path;
  const near = files.filter((file) => wanted.endsWith(`/${file.path}`) || file.path.endsWith(`/${wanted}`));
  if (near.length === 1) return near[0].path;
  throw new PlinthError('function_invalid', `The entrypoint ${JSON.stringify(raw)} is not among the uploaded files.`);
}

async function assertFunctionSlot(db: Queryable, ref: string, allowed: number): Promise<void> {
  const { rows } = await db.query<{ count: number | string }>('select count(*) as count from edge_functions where project_ref = $1', [ref]);
  if (Number(rows[0].count) >= allowed) throw new PlinthError('function_limit_reached', `This project's plan allows ${allowed} functions. Delete one or upgrade the plan.`);
}

export async function deployFunction(ctx: ControlContext, actor: Actor, ref: string, slug: string, read: UploadReader, options: { mustBeNew?: boolean } = {}): Promise<EdgeFunction> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  const existing = await functionRow(ctx, ref, slug);
  if (existing && options.mustBeNew) throw new PlinthError('function_exists');
  authorize(role, existing ? Action.UPDATE : Action.CREATE, Resource.EDGE_FUNCTIONS);
  const planLimits = limits(organization.plan);
  const allowed = planLimits.functionCount ?? COUNT_CEILING;
  if (!existing) await assertFunctionSlot(ctx.db, ref, allowed);
  const maxBytes = planLimits.functionScriptSizeBytes ?? SIZE_CEILING_BYTES;
  const upload = await read(maxBytes);
  const parsed = functionDeployMetadataSchema.safeParse(upload.metadata);
  if (!parsed.success) throw new PlinthError('function_invalid', `The metadata field is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'metadata'}: ${issue.message}`).join('; ')}`);
  const metadata = parsed.data;
  const files = new Map<string, FunctionFile>();
  for (const file of upload.files) {
    const path = normalizeFunctionPath(file.path);
    if (!path) throw new PlinthError('function_invalid', `The file path ${JSON.stringify(file.path)} is not a relative path inside the function.`);
    files.set(path, { path, content: file.content });
  }
  if (files.size === 0) throw new PlinthError('function_invalid', 'A deploy needs at least one source file.');
  const list = [...files.values()];
  const entrypoint = entrypointAmong(list, metadata.entrypoint_path);
  const importMap = metadata.import_map_path ? entrypointAmong(list, metadata.import_map_path) : null;
  const size = list.reduce((total, file) => total + file.content.length, 0);
  if (size > maxBytes) throw new PlinthError('function_too_large', `The function's files are larger than ${maxBytes / 1024 / 1024} MB, this project's plan's limit for one function.`);

  const id = existing?.id ?? randomUUID();
  const version = (existing?.version ?? 0) + 1;
  // Refused here, with Deno's message, rather than at the first invocation; the module cache this
  // fills is the version's own, so its workers on this node start without downloading again.
  await checkDeployment({ dataDir: ctx.config.dataDir, ref, id, version, entrypoint, importMap, files: list });
  // Files first: the row names a version only once all of its files are stored.
  await putFunctionFiles(ctx.objects, versionPrefix(ref, id, version), list);
  const rows = await ctx.db.transaction(async (tx) => {
    if (!existing) {
      // Checked again where it counts: new functions deployed at once (on any node) queue on the
      // project's row, so the count each sees is exact and the plan's limit holds.
      await tx.query('select 1 from projects where ref = $1 for update', [ref]);
      await assertFunctionSlot(tx, ref, allowed);
    }
    return (await tx.query<EdgeFunctionRow>(
      `insert into edge_functions (id, project_ref, slug, name, version, entrypoint_path, import_map_path, verify_jwt, files, size_bytes)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
       on conflict (project_ref, slug) do update set
         name = excluded.name, version = edge_functions.version + 1, entrypoint_path = excluded.entrypoint_path,
         import_map_path = excluded.import_map_path, verify_jwt = excluded.verify_jwt, files = excluded.files,
         size_bytes = excluded.size_bytes, updated_at = now()
       returning *`,
      [id, ref, slug, metadata.name ?? existing?.name ?? slug, version, entrypoint, importMap, metadata.verify_jwt ?? existing?.verify_jwt ?? true,
        JSON.stringify(list.map((file) => ({ path: file.path, size: file.content.length }))), size],
    )).rows;
  }).catch(async (error: unknown) => {
    if (!existing) await ctx.objects.deletePrefix(functionPrefix(ref, id));
    throw error;
  });
  await forgetProjectRow(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.function.deploy', organizationSlug: organization.slug, projectRef: ref, target: slug });
  return present(rows[0]);
}

/** A reader for uploads that arrived whole (JSON bodies): the same size limit as a multipart deploy. */
export function uploadOf(upload: FunctionUpload): UploadReader {
  return async (maxBytes) => {
    const size = upload.files.reduce((total, file) => total + file.content.length, 0);
    if (size > maxBytes) throw new PlinthError('function_too_large', `The function's files are larger than ${maxBytes / 1024 / 1024} MB, this project's plan's limit for one function.`);
    return upload;
  };
}

/** POST /v1/projects/{ref}/functions: a new one-file function from its source. */
export async function createFunction(ctx: ControlContext, actor: Actor, ref: string, body: { slug: string; name?: string; body: string; verify_jwt?: boolean }): Promise<EdgeFunction> {
  const upload = { metadata: { entrypoint_path: 'index.ts', name: body.name, verify_jwt: body.verify_jwt }, files: [{ path: 'index.ts', content: Buffer.from(body.body, 'utf8') }] };
  return deployFunction(ctx, actor, ref, body.slug, uploadOf(upload), { mustBeNew: true });
}

/** PATCH: the name and verify_jwt change in place; a new `body` is a new version with that entrypoint source. */
export async function updateFunction(ctx: ControlContext, actor: Actor, ref: string, slug: string, body: { name?: string; verify_jwt?: boolean; body?: string }): Promise<EdgeFunction> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.EDGE_FUNCTIONS);
  const existing = await functionRow(ctx, ref, slug);
  if (!existing) throw new PlinthError('function_not_found');
  if (body.body !== undefined) {
    const prefix = versionPrefix(ref, existing.id, existing.version);
    const files: FunctionFile[] = [];
    for (const file of filesOf(existing)) {
      files.push({ path: file.path, content: file.path === existing.entrypoint_path ? Buffer.from(body.body, 'utf8') : await readFunctionFile(ctx.objects, prefix, file.path) });
    }
    const metadata = { entrypoint_path: existing.entrypoint_path, import_map_path: existing.import_map_path ?? undefined, name: body.name, verify_jwt: body.verify_jwt };
    return deployFunction(ctx, actor, ref, slug, uploadOf({ metadata, files }));
  }
  const { rows } = await ctx.db.query<EdgeFunctionRow>(
    `update edge_functions set name = coalesce($3, name), verify_jwt = coalesce($4, verify_jwt), updated_at = now()
     where project_ref = $1 and slug = $2 returning *`,
    [ref, slug, body.name ?? null, body.verify_jwt ?? null],
  );
  if (!rows[0]) throw new PlinthError('function_not_found');
  await forgetProjectRow(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.function.update', organizationSlug: organization.slug, projectRef: ref, target: slug });
  return present(rows[0]);
}


export async function deleteFunction(ctx: ControlContext, actor: Actor, ref: string, slug: string): Promise<{ message: string }> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.DELETE, Resource.EDGE_FUNCTIONS);
  const { rows } = await ctx.db.query<EdgeFunctionRow>('delete from edge_functions where project_ref = $1 and slug = $2 returning *', [ref, slug]);
  if (!rows[0]) throw new PlinthError('function_not_found');
  await ctx.objects.deletePrefix(functionPrefix(ref, rows[0].id));
  // This node's workers stop now; another node's stop when idle (their next request finds no function).
  await forgetProjectRow(ctx, ref);
  void functionServiceFor(ctx).runtime.forget(ref, rows[0].id);
  await recordAudit(ctx.db, actor, { action: 'project.function.delete', organizationSlug: organization.slug, projectRef: ref, target: slug });
  return { message: `Successfully deleted function ${slug}` };
}
