// Fills edge_logs with entries shaped like the gateway's (data-plane/logs/edge-logs.ts) straight in
// the platform database, with INSERT ... SELECT over generate_series: tens of millions of rows in
// minutes, where the HTTP path would take hours. Ids are time-ordered like the writer's, so the
// primary key grows at its right edge as it does in production.
import type { Database } from '../../apps/platform/src/engines/types.ts';

/** Rows per INSERT statement: each its own transaction, so progress shows and WAL is recycled. */
const CHUNK = 250_000;

const FILL_SQL = `insert into edge_logs (id, timestamp, project_ref, event_message, metadata)
  select (lpad(to_hex((extract(epoch from ts) * 1000)::int8), 12, '0') || '7' || substr(md5($1::text || g), 1, 19))::uuid,
    ts, $1::text, method || ' ' || path || ' ' || status,
    jsonb_build_object(
      'project_ref', $1::text, 'role', 'anon',
      'request', jsonb_build_object('method', method, 'path', path, 'search', '?select=*&id=eq.' || g % 10000,
        'headers', jsonb_build_object('x_real_ip', '127.0.0.1', 'accept', '*/*', 'user_agent', 'node',
          'x_client_info', 'supabase-js-node/2.0.0')),
      'response', jsonb_build_object('status_code', status, 'origin_time', origin_time))
  from (
    select g, $2::timestamptz + (g * ($3::float8 / $4::float8)) * interval '1 millisecond' as ts,
      (array['GET', 'GET', 'GET', 'POST', 'PATCH'])[1 + g % 5] as method,
      '/rest/v1/' || (array['todos', 'profiles', 'orders', 'items'])[1 + g % 4] as path,
      case when g % 100 < 90 then 200 when g % 100 < 95 then 201 when g % 100 < 98 then 404 else 500 end as status,
      round((random() * 40 + g % 7)::numeric, 2) as origin_time
    from generate_series($5::int8, $6::int8) g
  ) entries`;

/**
 * `rows` entries for `ref`, evenly over [start, start + spanMs), in chunks of CHUNK rows, two at a
 * time (a server has a core for each; PGlite runs them one after the other); `onProgress` after
 * each chunk with the rows written so far.
 */
export async function fillEdgeLogs(
  db: Database,
  ref: string,
  rows: number,
  start: Date,
  spanMs: number,
  onProgress?: (written: number) => void,
): Promise<void> {
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < rows) {
      const from = next;
      const to = Math.min(from + CHUNK, rows) - 1;
      next = to + 1;
      await db.query(FILL_SQL, [ref, start.toISOString(), spanMs, rows, from, to]);
      written += to + 1 - from;
      onProgress?.(written);
    }
  };
  await Promise.all([worker(), worker()]);
}
