/**
 * A function's source as people read it back: the studio's editor (files as text, deployed back as
 * JSON) and the Management API's `/body` (multipart with the metadata and the files, as the
 * Supabase CLI downloads a function; or the entrypoint's text alone).
 */
import type { EdgeFunction, FunctionSource, FunctionSourceDeployBody } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { randomBytes } from 'node:crypto';
import { filesOf, readFunctionFile, versionPrefix, type FunctionFile } from '../data-plane/functions/files.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { deployFunction, functionRow, uploadOf, type EdgeFunctionRow } from './edge-functions.ts';
import { accessProject } from './project-rows.ts';

async function readable(ctx: ControlContext, actor: Actor, ref: string, slug: string): Promise<{ row: EdgeFunctionRow; files: FunctionFile[] }> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.READ, Resource.EDGE_FUNCTIONS);
  const row = await functionRow(ctx, ref, slug);
  if (!row) throw new PlinthError('function_not_found');
  const prefix = versionPrefix(ref, row.id, row.version);
  const files: FunctionFile[] = [];
  for (const file of filesOf(row)) files.push({ path: file.path, content: await readFunctionFile(ctx.objects, prefix, file.path) });
  return { row, files };
}

export async function functionSource(ctx: ControlContext, actor: Actor, ref: string, slug: string): Promise<FunctionSource> {
  const { row, files } = await readable(ctx, actor, ref, slug);
  return {
    entrypoint_path: row.entrypoint_path,
    import_map_path: row.import_map_path,
    version: row.version,
    files: files.map((file) => ({ path: file.path, content: file.content.toString('utf8') })),
  };
}

export async function deployFunctionSource(ctx: ControlContext, actor: Actor, ref: string, slug: string, body: FunctionSourceDeployBody): Promise<EdgeFunction> {
  const metadata = { entrypoint_path: body.entrypoint_path, import_map_path: body.import_map_path, name: body.name, verify_jwt: body.verify_jwt };
  const files = body.files.map((file) => ({ path: file.path, content: Buffer.from(file.content, 'utf8') }));
  return deployFunction(ctx, actor, ref, slug, uploadOf({ metadata, files }));
}

export interface FunctionBody {
  contentType: string;
  body: Buffer;
}

/** `/body`: multipart when the caller accepts it (a `metadata` part and one part per file), else the entrypoint's text. */
export async function functionBody(ctx: ControlContext, actor: Actor, ref: string, slug: string, accept: string | undefined): Promise<FunctionBody> {
  const { row, files } = await readable(ctx, actor, ref, slug);
  if (!accept?.includes('multipart/form-data')) {
    const entrypoint = files.find((file) => file.path === row.entrypoint_path);
    if (!entrypoint) throw new PlinthError('function_not_found', `The entrypoint ${row.entrypoint_path} of this function is missing.`);
    return { contentType: 'application/typescript; charset=utf-8', body: entrypoint.content };
  }
  const boundary = `plinth-${randomBytes(12).toString('hex')}`;
  const metadata = { name: row.name, entrypoint_path: row.entrypoint_path, import_map_path: row.import_map_path, verify_jwt: row.verify_jwt, version: row.version };
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n`),
  ];
  for (const file of files) {
    const filename = file.path.replace(/["\r\n]/g, '_');
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
