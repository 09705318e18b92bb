/**
 * The SQL a per-source page sends: newest entries first, narrowed by the page's filters. What the
 * user types becomes a string constant through data/sql/quote.ts (quotes doubled, backslashes in
 * the E'' form), never SQL text; statuses and methods come from fixed lists.
 */
import { containsPattern, literal } from '../../data/sql/quote.ts';
import type { LogSourcePage } from './log-sources.ts';

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface SourceFilters {
  search: string;
  status: StatusClass | null;
  method: HttpMethod | null;
}

export const NO_FILTERS: SourceFilters = { search: '', status: null, method: null };

export const SOURCE_PAGE_SIZE = 100;

export function hasFilters(filters: SourceFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== null || filters.method !== null;
}

function conditions(page: LogSourcePage, filters: SourceFilters): string[] {
  const where: string[] = [];
  // Postgres text cannot hold NUL; a pasted one is dropped rather than refused.
  const search = filters.search.replaceAll('\0', '').trim();
  if (search) where.push(`event_message ilike ${literal(containsPattern(search))}`);
  if (filters.status && page.statusSql) {
    // '5xx' -> '5__': three characters starting with the class digit; the status is text in metadata.
    where.push(`(${page.statusSql}) like ${literal(`${filters.status[0]}__`)}`);
  }
  if (filters.method && page.methodSql && (HTTP_METHODS as readonly string[]).includes(filters.method)) {
    where.push(`(${page.methodSql}) = ${literal(filters.method)}`);
  }
  return where;
}

/** Newest first, a page at a time; the range (and "Load older") is the endpoint's, not the SQL's. */
export function sourceLogsSql(page: LogSourcePage, filters: SourceFilters, limit = SOURCE_PAGE_SIZE): string {
  const columns = ['id', 'timestamp', 'event_message', 'metadata'];
  if (page.statusSql) columns.push(`${page.statusSql} as status`);
  if (page.methodSql) columns.push(`${page.methodSql} as method`);
  if (page.levelSql) columns.push(`${page.levelSql} as level`);
  const where = conditions(page, filters);
  return [
    `select ${columns.join(', ')}`,
    `from ${page.source}`,
    ...(where.length ? [`where ${where.join('\n  and ')}`] : []),
    'order by timestamp desc',
    `limit ${Math.max(1, Math.floor(limit))}`,
  ].join('\n');
}
