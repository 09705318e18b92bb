import type { Queryable } from './types.ts';

/** The server's PostgreSQL version as '18.4' (from server_version_num, without a distribution's suffix). */
export async function serverVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ num: string }>("select current_setting('server_version_num') as num");
  const num = Number(rows[0]?.num);
  return Number.isFinite(num) && num > 0 ? `${Math.floor(num / 10000)}.${num % 10000}` : '';
}
