/**
 * The log sources of spec document 2 §3: one relation each in the platform database (migrations 0002
 * and 0007), every entry `id`, `timestamp`, `project_ref`, `event_message`, `metadata` (jsonb).
 * The logs API and explorer read this list; the writer refuses any other name, which is what makes
 * interpolating a source into SQL safe.
 */
export const LOG_SOURCES = [
  'edge_logs',
  'postgres_logs',
  'postgrest_logs',
  'auth_logs',
  'storage_logs',
  'realtime_logs',
  'function_edge_logs',
  'function_logs',
  'pgbouncer_logs',
] as const;

export type LogSource = (typeof LOG_SOURCES)[number];

const KNOWN_SOURCES: ReadonlySet<string> = new Set(LOG_SOURCES);

export function isLogSource(name: string): name is LogSource {
  return KNOWN_SOURCES.has(name);
}

/** What a log entry may carry besides its message: any JSON. */
export type LogMetadata = Record<string, unknown>;
