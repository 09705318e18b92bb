/**
 * pg-meta does no I/O of its own: every function takes something that runs one statement with bound
 * parameters. A PGlite instance, a `pg` client and the platform's Database all fit.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; fields?: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
}

/** Collects bound values and hands out their placeholders ($1, $2, ...). */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function parseJson<T>(value: T | string | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * Catalog reads return one JSON text (`json_agg` of the rows) rather than typed columns: it comes
 * back identically from PGlite and `pg` (no int8-as-string, oid or array parsing differences), and
 * one string crosses the embedded engine's worker boundary faster than an object graph.
 */
export async function jsonRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const { rows } = await db.query<{ items: T[] | string | null }>(
    `select coalesce(json_agg(x), '[]'::json)::text as items from (${sql}) x`,
    params,
  );
  return parseJson<T[]>(rows[0]?.items, []);
}

export async function jsonRow<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await jsonRows<T>(db, sql, params))[0];
}

/** A page of a list and the number of rows matching the filter (for "Tables (count)" and paging). */
export interface Page<T> {
  items: T[];
  count: number;
}

export interface PagedQuery {
  /** Selects the matching rows cheaply: the key columns `detail` needs plus whatever `order` sorts by. */
  match: string;
  order: string;
  /** The full row for one matched row, given the alias of that row; only run for the rows of the page. */
  detail: (row: string) => string;
  params: Params;
  limit?: number | null;
  offset?: number;
}

/**
 * One round trip: counts every match, sorts, cuts the page, and only then computes the expensive
 * details (sizes, row estimates, columns) for the page's rows. This is what keeps the first page of a
 * schema with 10,000 tables fast.
 */
export async function pagedRows<T>(db: Queryable, q: PagedQuery): Promise<Page<T>> {
  const limit = q.params.add(q.limit ?? null);
  const offset = q.params.add(q.offset ?? 0);
  const { rows } = await db.query<{ count: number | string; items: T[] | string | null }>(
    `with matched as (${q.match}),
     page as (
       select s.*, row_number() over (order by ${q.order}) as ord
       from (select * from matched order by ${q.order} limit ${limit}::int8 offset ${offset}::int8) s
     )
     select (select count(*) from matched)::int as count,
            (select coalesce(json_agg(d order by page.ord), '[]'::json)
               from page cross join lateral (${q.detail('page')}) d)::text as items`,
    q.params.values,
  );
  return { count: Number(rows[0]?.count ?? 0), items: parseJson<T[]>(rows[0]?.items, []) };
}
