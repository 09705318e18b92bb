/**
 * A function version's source files in the object store, under `_functions/{ref}/{id}/{version}/`
 * (no project ref is `_functions`, so these keys never meet a storage bucket's), and the checks that
 * keep a file path a plain relative path: no `..`, no absolute path, no backslash or control character.
 */
import { Readable } from 'node:stream';
import { PlinthError } from '@plinth/errors';
import { assertSafeKey, type ObjectStore } from '../storage/object-stores/index.ts';

export interface FunctionFile {
  path: string;
  content: Buffer;
}

const MAX_PATH_LENGTH = 1024;

export function versionPrefix(ref: string, functionId: string, version: number): string {
  return `_functions/${ref}/${functionId}/${version}/`;
}

/** For ObjectStore.deletePrefix (no trailing slash): one function's versions, or a project's functions. */
export function functionPrefix(ref: string, functionId?: string): string {
  return functionId ? `_functions/${ref}/${functionId}` : `_functions/${ref}`;
}

/**
 * A deployed path as the CLI names it (`supabase/functions/hello/index.ts`, `./x.ts`, or a
 * `file://` URL), made relative; null when it tries to leave its directory.
 */
export function normalizeFunctionPath(raw: string): string | null {
  let value = raw.trim();
  if (value.startsWith('file://')) value = value.slice('file://'.length);
  if (value.length === 0 || value.length > MAX_PATH_LENGTH || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return null;
  const segments = value.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..' || segment.startsWith('.plinth'))) return null;
  return segments.join('/');
}

export async function putFunctionFiles(objects: ObjectStore, prefix: string, files: FunctionFile[]): Promise<void> {
  for (const file of files) {
    const key = prefix + file.path;
    assertSafeKey(key);
    await objects.put(key, Readable.from([file.content]), { contentType: 'application/octet-stream' });
  }
}

export async function readFunctionFile(objects: ObjectStore, prefix: string, path: string): Promise<Buffer> {
  const found = await objects.get(prefix + path);
  if (!found) throw new PlinthError('function_not_found', `The file ${path} of this function is missing from the object store.`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The paths and sizes of a function row's current version (jsonb: an array, or its text on some drivers). */
export function filesOf(row: { files: { path: string; size: number }[] | string }): { path: string; size: number }[] {
  return typeof row.files === 'string' ? (JSON.parse(row.files) as { path: string; size: number }[]) : row.files;
}
