/** The runner's one result row -> HTTP status, headers and body, as PostgREST answers. */
import { PostgrestError } from './errors.ts';
import type { Media } from './parse/headers.ts';

export interface Presentation {
  action: 'read' | 'insert' | 'update' | 'delete' | 'rpc';
  media: Media;
  /** Offset of the first row (Content-Range). */
  offset: number;
  hasBody: boolean;
  isVoid: boolean;
  isCountRequested: boolean;
  preferenceApplied: string[];
}

export interface RunResult {
  body: string | null;
  pageTotal: number;
  total: number | null;
  responseHeaders: string | null;
  responseStatus: string | null;
}

export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function contentType(media: Media): string {
  switch (media.kind) {
    case 'csv': return 'text/csv; charset=utf-8';
    case 'object': return 'application/vnd.pgrst.object+json; charset=utf-8';
    case 'plan': return `application/vnd.pgrst.plan+${media.format}; charset=utf-8`;
    default: return 'application/json; charset=utf-8';
  }
}

/** `response.headers` as a function set it: a JSON array of one-key objects. */
function gucHeaders(text: string | null): Record<string, string> {
  if (text === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const headers: Record<string, string> = {};
  const items = Array.isArray(parsed) ? parsed : [];
  if (!Array.isArray(parsed) || !items.every((i) => i !== null && typeof i === 'object' && !Array.isArray(i))) {
    throw new PostgrestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
  }
  for (const item of items as Record<string, unknown>[]) {
    for (const [k, v] of Object.entries(item)) headers[k.toLowerCase()] = String(v);
  }
  return headers;
}

function gucStatus(text: string | null): number | null {
  if (text === null) return null;
  const status = Number(text);
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new PostgrestError(500, 'PGRST112', 'response.status guc must be a valid status code');
  }
  return status;
}

export function presentResult(p: Presentation, result: RunResult): HttpResult {
  const page = result.pageTotal;
  const isWrite = p.action === 'insert' || p.action === 'update' || p.action === 'delete';
  const total = isWrite ? (p.isCountRequested ? page : null) : result.total;
  const totalText = total === null ? '*' : String(total);
  const headers: Record<string, string> = {};
  let status: number;
  if (isWrite) {
    headers['content-range'] = p.hasBody && page > 0 ? `0-${page - 1}/${totalText}` : `*/${totalText}`;
    status = p.action === 'insert' ? 201 : p.hasBody ? 200 : 204;
  } else {
    headers['content-range'] = page > 0 ? `${p.offset}-${p.offset + page - 1}/${totalText}` : `*/${totalText}`;
    if (total !== null && p.offset > 0 && p.offset >= total) {
      throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${p.offset} was requested, but there are only ${total} rows.`, null, { 'content-range': `*/${total}` });
    }
    const isPartial = total !== null && (p.offset > 0 || p.offset + page < total);
    status = p.isVoid ? 204 : isPartial ? 206 : 200;
  }
  if (p.preferenceApplied.length) headers['preference-applied'] = p.preferenceApplied.join(', ');
  Object.assign(headers, gucHeaders(result.responseHeaders));
  status = gucStatus(result.responseStatus) ?? status;
  const hasBody = p.hasBody && status !== 204;
  if (hasBody) headers['content-type'] = contentType(p.media);
  return { status, headers, body: hasBody ? (result.body ?? '') : '' };
}
