/**
 * function_edge_logs and function_logs, shaped like Supabase's: one function_edge_logs entry per
 * invocation ("POST | 200 | {url}", with the function, version, execution time, request and
 * status), and function_logs entries for what a function's workers print (one per console call,
 * with its level) and for their boot and shutdown. `execution_id` names one worker process from boot
 * to shutdown, as in Supabase; `deployment_id` is `{ref}_{function id}_{version}`.
 *
 * Console output cannot be told apart per request when a worker serves several at once, so a
 * console entry names the function, version and worker, never the request. Request headers leave
 * out the caller's credentials (authorization, apikey, cookies); the writer redacts any other
 * secret-named header and key-looking text. A function's environment never reaches these entries.
 */
import type { LogWriter } from './log-writer.ts';

export interface FunctionVersion {
  projectRef: string;
  functionId: string;
  version: number;
}

export interface FunctionInvocation extends FunctionVersion {
  method: string;
  /** The function's public URL with the path after the slug, without the query string. */
  url: string;
  /** The query string with its `?`, or ''. */
  search: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  executionTimeMs: number;
  /** The worker that served it; none when the relay answered alone (401, boot failure). */
  executionId?: string;
}

export type FunctionConsoleLevel = 'log' | 'info' | 'warning' | 'error';
export type FunctionShutdownReason = 'WallClockTime' | 'CPUTime' | 'Memory' | 'IdleTimeout' | 'Retired' | 'PlatformStopped' | 'BootFailure' | 'Exited';

const OMITTED_HEADERS = new Set(['authorization', 'apikey', 'cookie', 'set-cookie', 'proxy-authorization']);

const SHUTDOWN_TEXT: Record<FunctionShutdownReason, string> = {
  WallClockTime: 'wall clock time limit reached',
  CPUTime: 'CPU time limit reached',
  Memory: 'memory limit reached',
  IdleTimeout: 'idle',
  Retired: 'replaced by a newer deployment, or deleted',
  PlatformStopped: 'the platform is stopping',
  BootFailure: 'failed to boot',
  Exited: 'the function exited',
};

function base(entry: FunctionVersion, executionId: string | undefined): Record<string, unknown> {
  return {
    function_id: entry.functionId,
    version: entry.version,
    deployment_id: `${entry.projectRef}_${entry.functionId}_${entry.version}`,
    execution_id: executionId ?? null,
    project_ref: entry.projectRef,
  };
}

export function writeFunctionInvocation(logs: LogWriter, invocation: FunctionInvocation): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(invocation.headers)) {
    if (value !== undefined && !OMITTED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase().replace(/-/g, '_')] = Array.isArray(value) ? value.join(', ') : value;
  }
  const executionTimeMs = Math.round(invocation.executionTimeMs * 100) / 100;
  logs.write('function_edge_logs', invocation.projectRef, `${invocation.method} | ${invocation.status} | ${invocation.url}`, {
    ...base(invocation, invocation.executionId),
    execution_time_ms: executionTimeMs,
    request: { method: invocation.method, url: invocation.url, pathname: new URL(invocation.url).pathname, search: invocation.search, headers },
    response: { status_code: invocation.status },
  });
}

export function writeFunctionConsole(logs: LogWriter, version: FunctionVersion, executionId: string, level: FunctionConsoleLevel, message: string): void {
  logs.write('function_logs', version.projectRef, message, { ...base(version, executionId), level, event_type: 'Log' });
}

export function writeFunctionBoot(logs: LogWriter, version: FunctionVersion, executionId: string, bootMs: number): void {
  logs.write('function_logs', version.projectRef, `booted (time: ${bootMs}ms)`, { ...base(version, executionId), level: 'log', event_type: 'Boot', boot_time: bootMs });
}

export function writeFunctionShutdown(logs: LogWriter, version: FunctionVersion, executionId: string, reason: FunctionShutdownReason): void {
  const isFailure = reason === 'WallClockTime' || reason === 'CPUTime' || reason === 'Memory' || reason === 'Exited' || reason === 'BootFailure';
  logs.write('function_logs', version.projectRef, `shutdown (${SHUTDOWN_TEXT[reason]})`, {
    ...base(version, executionId), level: isFailure ? 'error' : 'log', event_type: 'Shutdown', reason,
  });
}
