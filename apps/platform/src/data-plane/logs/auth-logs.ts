/**
 * auth_logs: one entry per request to a project's /auth/v1 that reached its auth service, as GoTrue
 * logs it: the request (method, path, status, remote_addr, duration) with the audit event it caused
 * (action, actor_id, actor_username, provider, log_type, traits), or with the error it failed with
 * (an invalid grant, a refused password). Request bodies are never read here, so a password, code
 * or token has no way in; the writer's redaction stands behind that.
 */
import { AUDIT_LOG_TYPES, type AuditEvent } from '../auth/audit.ts';
import type { LogWriter } from './log-writer.ts';

export interface AuthRequest {
  projectRef: string;
  method: string;
  /** Path inside /auth/v1 without the query string, e.g. /token (as GoTrue sees it). */
  path: string;
  status: number;
  remoteAddress: string;
  durationMs: number;
  /** What the request did, in order; usually one, none for reads and failures. */
  events: AuditEvent[];
  /** The catalogue error it failed with. */
  error: { code: string; message: string } | null;
}

function levelOf(status: number): 'info' | 'warning' | 'error' {
  return status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info';
}

export function writeAuthLogs(logs: LogWriter, request: AuthRequest): void {
  const line = `${request.method} ${request.path} ${request.status}`;
  const base = {
    component: 'api',
    level: levelOf(request.status),
    method: request.method,
    path: request.path,
    status: request.status,
    remote_addr: request.remoteAddress,
    duration: Math.round(request.durationMs * 100) / 100,
  };
  if (request.error) {
    const error = `${request.error.code}: ${request.error.message}`;
    logs.write('auth_logs', request.projectRef, `${line} ${error}`, {
      ...base, msg: `${request.status}: ${request.error.message}`, error, error_code: request.error.code,
    });
    return;
  }
  if (request.events.length === 0) {
    logs.write('auth_logs', request.projectRef, line, { ...base, msg: 'request completed' });
    return;
  }
  for (const event of request.events) {
    logs.write('auth_logs', request.projectRef, `${line} ${event.action}`, {
      ...base,
      msg: 'request completed',
      action: event.action,
      actor_id: event.actor.id,
      actor_username: event.actor.username,
      provider: event.provider ?? null,
      log_type: AUDIT_LOG_TYPES[event.action],
      traits: event.traits ?? {},
    });
  }
}
