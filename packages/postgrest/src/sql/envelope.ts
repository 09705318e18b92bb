/**
 * The outer statement every request runs: exactly one row (body text, page_total, total,
 * response_headers, response_status) built from the rows of the inner query, in the requested
 * representation. The response.* settings are read in the same statement, after the aggregate has
 * consumed the rows (and so run any function that sets them).
 */
import type { Media } from '../parse/headers.ts';

export type Shape = 'rows' | 'object' | 'scalar' | 'setof-scalar' | 'none';

const T = '"pgrst_t"';

function bodySql(shape: Shape, media: Media): string {
  const strip = (json: string) => ('stripNulls' in media && media.stripNulls ? `json_strip_nulls(${json})` : json);
  if (shape === 'none') return 'null::text';
  if (shape === 'scalar') return `coalesce((json_agg(${T}."pgrst_call")->0)::text, 'null')`;
  if (shape === 'setof-scalar') return `coalesce(json_agg(${T}."pgrst_call"), '[]')::text`;
  if (media.kind === 'csv') {
    // Header from the first row's keys; each row is the record's text form without its parentheses.
    const header = `(select string_agg(k, ',') from json_object_keys(json_agg(${T})->0) as k)`;
    const rows = `string_agg(substr(${T}::text, 2, length(${T}::text) - 2), E'\\n')`;
    return `coalesce(${header}, '') || E'\\n' || coalesce(${rows}, '')`;
  }
  if (shape === 'object' || media.kind === 'object') return `coalesce((${strip(`json_agg(${T})->0`)})::text, 'null')`;
  return `coalesce(${strip(`json_agg(${T})`)}, '[]')::text`;
}

/** `defaultStatusSql`: the status when no function or trigger set response.status (text, or null for the usual one). */
export function envelopeSql(rowsSql: string, shape: Shape, media: Media, totalSql: string | null, cte: string | null = null, defaultStatusSql: string | null = null): string {
  const total = totalSql === null ? 'null::bigint' : `(select count(*) from (${totalSql}) as "pgrst_c")`;
  const withClause = cte === null ? '' : `with "pgrst_source" as (${cte}) `;
  const guc = (name: string) => `nullif(current_setting('response.${name}', true), '')`;
  const status = defaultStatusSql === null ? guc('status') : `coalesce(${guc('status')}, ${defaultStatusSql})`;
  return `${withClause}select ${bodySql(shape, media)} as body, count(*)::bigint as page_total, ${total} as total, ${guc('headers')} as response_headers, ${status} as response_status from (${rowsSql}) as ${T}`;
}
