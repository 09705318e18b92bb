/**
 * RLS decides per subscriber: which of a batch of changed rows each subscriber's role and JWT
 * claims may SELECT now, found by primary key with the table's policies applied. One call per
 * table and batch covers every subscriber identity (realtime.plinth_visible_rows in capture.sql
 * takes each role and claims in turn, as the REST API sets them for a request).
 */
import type { Database } from '../../../engines/types.ts';
import type { TableInfo } from './tables.ts';

/** Roles that see every row (BYPASSRLS): no query needed. */
const SEES_ALL = new Set(['service_role', 'postgres', 'supabase_admin']);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const rowKey = (table: TableInfo, record: Record<string, unknown>) => JSON.stringify(table.primaryKey.map((column) => record[column] ?? null));

export interface Viewer {
  role: string;
  claims: Record<string, unknown>;
}

/**
 * For each viewer (by position), the keys (rowKey) of the records it may see. A table without a
 * primary key cannot be checked row by row: only roles that see all rows get its changes. A
 * failing check (no SELECT privilege, a policy that errors) shows that viewer nothing.
 */
export async function visibleRows(db: Database, table: TableInfo, viewers: Viewer[], records: Record<string, unknown>[]): Promise<Set<string>[]> {
  const visible = viewers.map((viewer) => (SEES_ALL.has(viewer.role) ? new Set(records.map((record) => rowKey(table, record))) : new Set<string>()));
  const checked = viewers.map((viewer, i) => ({ viewer, i })).filter(({ viewer }) => !SEES_ALL.has(viewer.role));
  if (checked.length === 0 || table.primaryKey.length === 0 || records.length === 0) return visible;
  const keys = records.map((record) => Object.fromEntries(table.primaryKey.map((column) => [column, record[column]])));
  try {
    const { rows } = await db.query<{ viewer: number; key: unknown }>(
      'select viewer, key from realtime.plinth_visible_rows($1::regclass, $2::text[], $3::jsonb, $4::jsonb)',
      [`${quote(table.schema)}.${quote(table.table)}`, table.primaryKey, JSON.stringify(keys), JSON.stringify(checked.map(({ viewer }) => viewer))],
    );
    for (const row of rows) visible[checked[row.viewer].i].add(JSON.stringify(typeof row.key === 'string' ? JSON.parse(row.key) : row.key));
  } catch {
    // The table went away mid-batch: nobody sees its rows.
  }
  return visible;
}

/** Whether `role` may read the table at all (SELECT privilege): asked once when a subscriber joins. */
export async function maySelect(db: Database, role: string, schema: string, table: string): Promise<boolean> {
  if (SEES_ALL.has(role)) return true;
  try {
    const { rows } = await db.query<{ ok: boolean }>(`select has_table_privilege($1, format('%I.%I', $2::text, $3::text), 'SELECT') as ok`, [role, schema, table]);
    return rows[0]?.ok === true;
  } catch {
    return false;
  }
}
