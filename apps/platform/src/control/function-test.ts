/**
 * The studio's test panel: one invocation of a function as a role or a user of the project, through
 * the same relay as any client (verify_jwt, limits, logs), with the answer read back whole up to
 * 1 MB. Acting as service_role reaches all of the project's data, so only members who may change
 * the project's functions may test them.
 */
import type { FunctionTestBody, FunctionTestResult } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { functionServiceFor } from '../data-plane/functions/service.ts';
import { authorize } from './access.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';
import { roleToken } from './role-tokens.ts';

const MAX_BODY_BYTES = 1024 * 1024;
const TOKEN_SECONDS = 300;
/** Headers the panel may not set: the relay's own and the ones HTTP itself owns. */
const RESERVED = new Set(['authorization', 'apikey', 'host', 'content-length', 'transfer-encoding', 'connection']);

function isText(contentType: string | undefined): boolean {
  return !contentType || /^text\/|json|xml|javascript|x-www-form-urlencoded|event-stream/i.test(contentType);
}

async function readUpTo(body: Readable | string, limit: number): Promise<{ bytes: Buffer; isTruncated: boolean }> {
  if (typeof body === 'string') {
    const bytes = Buffer.from(body, 'utf8');
    return { bytes: bytes.subarray(0, limit), isTruncated: bytes.length > limit };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      return { bytes: Buffer.concat(chunks).subarray(0, limit), isTruncated: true };
    }
  }
  return { bytes: Buffer.concat(chunks), isTruncated: false };
}

export async function testFunction(ctx: ControlContext, actor: Actor, ref: string, slug: string, request: FunctionTestBody): Promise<FunctionTestResult> {
  const { role, project } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.EDGE_FUNCTIONS);
  const { token } = await roleToken(ctx, ref, { role: request.role, user_id: request.user_id }, TOKEN_SECONDS, 'plinth-function-test');
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!RESERVED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  headers.authorization = `Bearer ${token}`;
  headers.apikey = project.anon_key;
  const body = request.body === undefined || request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(request.body, 'utf8');
  if (body) {
    headers['content-length'] = String(body.length);
    headers['content-type'] ??= /^\s*[[{]/.test(request.body ?? '') ? 'application/json' : 'text/plain;charset=UTF-8';
  }
  const path = request.path ?? '';
  const queryAt = path.indexOf('?');
  const started = performance.now();
  const result = await functionServiceFor(ctx).handle({
    ref, slug, method: request.method, headers,
    subpath: queryAt < 0 ? path : path.slice(0, queryAt),
    search: queryAt < 0 ? '' : path.slice(queryAt),
    body: body ? Readable.from([body]) : undefined,
  });
  const { bytes, isTruncated } = await readUpTo(result.body, MAX_BODY_BYTES);
  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers)) {
    if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const asText = isText(responseHeaders['content-type']);
  return {
    status: result.status,
    headers: responseHeaders,
    body: bytes.toString(asText ? 'utf8' : 'base64'),
    body_encoding: asText ? 'utf8' : 'base64',
    is_truncated: isTruncated,
    duration_ms: Math.round(performance.now() - started),
  };
}
