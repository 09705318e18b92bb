/**
 * From a person's log query to the statement the server runs. The query is parsed by Postgres's own
 * parser (libpg-query), checked (validate.ts), and kept as the text it was written in: it becomes a
 * subquery of a statement whose WITH defines each log source it reads as that source's rows for one
 * project and time range. An unqualified name in the query finds those WITH queries before any
 * table, and the checker allowed no other name, so the query can read nothing else.
 */
import { loadModule, parseSync } from 'libpg-query';
import { LogQueryChecker, LogQueryRefused } from './validate.ts';

export interface ScopeOptions {
  /** The log sources a query may read, each a table of the same name with id, timestamp, project_ref, event_message, metadata. */
  sources: readonly string[];
  /** The schema of those tables (the query runs with search_path = pg_catalog, so they are named with it). */
  tableSchema: string;
}

/**
 * The statement to run, with its parameters: $1 the project ref, $2 and $3 the range [start, end),
 * $4 the most rows to read (the row cap plus one, to tell that it cut), $5 the most bytes of rows
 * to send back. Each row comes back as `logs_row` (the query's row as JSON, null when it alone is
 * over the byte cap) with `logs_count` (rows read, before the byte cap).
 */
export interface ScopedLogQuery {
  sql: string;
  /** Log sources the query reads. */
  sources: string[];
}

export interface LogQueryError {
  code: 'parse_error' | 'not_allowed';
  message: string;
}

/** The columns of every source as the query sees them; project_ref is the scope, not data. */
const COLUMNS = ['id', 'timestamp', 'event_message', 'metadata'];

let parserReady: Promise<void> | null = null;

/** Parses, checks and scopes a log query. */
export async function scopeLogQuery(sql: string, options: ScopeOptions): Promise<ScopedLogQuery | { error: LogQueryError }> {
  parserReady ??= loadModule();
  await parserReady;
  // The parser reads a C string: text after a NUL would reach the server unchecked.
  if (sql.includes('\0')) return { error: { code: 'not_allowed', message: 'The query cannot contain the NUL character.' } };
  let tree: { stmts?: { stmt?: Record<string, unknown>; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = parseSync(sql);
  } catch (error) {
    return { error: { code: 'parse_error', message: parseErrorMessage(error) } };
  }
  const statements = tree.stmts ?? [];
  if (statements.length === 0) return { error: { code: 'parse_error', message: 'The query is empty: write one SELECT statement.' } };
  if (statements.length > 1) return { error: { code: 'not_allowed', message: 'A log query is one SELECT statement; this text holds several.' } };
  const [{ stmt, stmt_location: location = 0, stmt_len: length = 0 }] = statements;
  const select = stmt?.SelectStmt;
  if (!stmt || Object.keys(stmt).length !== 1 || typeof select !== 'object' || select === null) {
    return { error: { code: 'not_allowed', message: 'A log query is one SELECT statement: it only reads.' } };
  }
  const checker = new LogQueryChecker(new Set(options.sources));
  try {
    checker.select(select as Record<string, unknown>, null);
  } catch (error) {
    if (error instanceof LogQueryRefused) return { error: { code: 'not_allowed', message: error.message } };
    throw error;
  }
  const sources = [...checker.sourcesRead].sort();
  return { sql: scopedStatement(statementText(sql, location, length), sources, options.tableSchema), sources };
}

/** The statement's own text, without the `;` or other statements around it (the parser counts in UTF-8 bytes). */
function statementText(sql: string, location: number, length: number): string {
  const bytes = new TextEncoder().encode(sql);
  return new TextDecoder().decode(bytes.subarray(location, length > 0 ? location + length : bytes.length));
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function scopedStatement(query: string, sources: string[], tableSchema: string): string {
  const columns = COLUMNS.map(quote).join(', ');
  const scoped = sources.map((source) =>
    `${quote(source)} as (select ${columns} from ${quote(tableSchema)}.${quote(source)} ` +
    `where "project_ref" = $1::text and "timestamp" >= $2::timestamptz and "timestamp" < $3::timestamptz)`);
  // The query on lines of its own: a trailing -- comment in it cannot swallow the closing parenthesis.
  return [
    ...(scoped.length > 0 ? [`with ${scoped.join(',\n  ')}`] : []),
    'select case when logs_bytes <= $5::int8 then logs_row end as logs_row, logs_count from (',
    '  select logs_row, count(*) over () as logs_count, row_number() over () as logs_position,',
    '    sum(octet_length(logs_row::text)) over (rows between unbounded preceding and current row) as logs_bytes',
    '  from (select to_json(logs_query.*) as logs_row from (',
    query,
    '  ) as logs_query limit $4::int8) as logs_limited',
    ') as logs_sized where logs_bytes <= $5::int8 or logs_position = 1',
  ].join('\n');
}

function parseErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails?.cursorPosition;
  return typeof position === 'number' && position >= 0 ? `${message} (at character ${position + 1})` : message;
}
