/**
 * Just enough of Postgres' lexical rules (quotes, E'' strings, quoted names, dollar quotes, nested
 * block comments, line comments, parentheses) to find where statements start and end, and which
 * keywords a statement has outside parentheses. The editor uses it to run the statement under the
 * cursor, to warn before destructive statements and to apply the row limit; Postgres still parses.
 */

export interface SqlStatement {
  /** The statement text without its semicolon, trimmed. */
  text: string;
  /** Offsets of `text` in the script. */
  from: number;
  to: number;
  /** Upper-cased keywords outside parentheses, quotes and comments, in order. */
  words: string[];
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
const isWordStart = (c: string | undefined) => c !== undefined && /[\p{L}_]/u.test(c);
const DOLLAR_TAG = /^\$([\p{L}_][\p{L}\p{N}_]*)?\$/u;

/** Index just past the closing quote, or the end of the script when the quote is never closed. */
function skipQuoted(sql: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return sql.length;
}

/** Index just past a comment starting at `i`, or -1 when there is none. */
function skipComment(sql: string, i: number): number {
  if (sql[i] === '-' && sql[i + 1] === '-') {
    // Postgres ends a line comment at \n or \r.
    while (i < sql.length && sql[i] !== '\n' && sql[i] !== '\r') i++;
    return i;
  }
  if (sql[i] === '/' && sql[i + 1] === '*') {
    let nesting = 1;
    i += 2;
    while (i < sql.length && nesting > 0) {
      if (sql[i] === '/' && sql[i + 1] === '*') (nesting++, (i += 2));
      else if (sql[i] === '*' && sql[i + 1] === '/') (nesting--, (i += 2));
      else i++;
    }
    return i;
  }
  return -1;
}

/** The statements of a script, in order; blank and comment-only pieces are dropped. */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = 0;
  let depth = 0;
  let atomic = 0;
  let words: string[] = [];
  // Where the statement's real content starts and ends (comments and blanks excluded at the edges).
  let first = -1;
  let last = -1;
  const push = (end: number) => {
    if (first >= 0) statements.push({ text: sql.slice(first, last), from: first, to: last, words });
    start = end + 1;
    first = -1;
    last = -1;
    words = [];
    depth = 0;
  };
  const mark = (from: number, to: number) => {
    if (first < 0) first = from;
    last = to;
  };
  const isRoutine = () => words[0] === 'CREATE' && (words.includes('FUNCTION') || words.includes('PROCEDURE'));

  let i = start;
  while (i < sql.length) {
    const c = sql[i];
    const afterComment = skipComment(sql, i);
    if (afterComment >= 0) {
      // Comments inside a statement belong to it; at its edges they are trimmed away.
      if (first >= 0) last = Math.max(last, afterComment);
      i = afterComment;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    let end = i + 1;
    if (c === "'") {
      const escapes = (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isWordChar(sql[i - 2]);
      end = skipQuoted(sql, i, "'", escapes);
    } else if (c === '"') {
      end = skipQuoted(sql, i, '"', false);
    } else if (c === '$' && !isWordChar(sql[i - 1]) && DOLLAR_TAG.test(sql.slice(i, i + 70))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 70))![0];
      const close = sql.indexOf(tag, i + tag.length);
      end = close === -1 ? sql.length : close + tag.length;
    } else if (c === '(') {
      depth++;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
    } else if (c === ';' && atomic === 0) {
      push(i);
      i++;
      continue;
    } else if (isWordStart(c) && !isWordChar(sql[i - 1])) {
      while (isWordChar(sql[end])) end++;
      const word = sql.slice(i, end).toUpperCase();
      if (isRoutine() && word === 'ATOMIC' && words.at(-1) === 'BEGIN') atomic++;
      else if (atomic > 0 && word === 'CASE') atomic++;
      else if (atomic > 0 && word === 'END') atomic--;
      if (depth === 0) words.push(word);
    }
    mark(i, end);
    i = end;
  }
  push(sql.length);
  return statements;
}

/** The statement the cursor is in (or just after), else the nearest one before it, else the first. */
export function statementAt(statements: SqlStatement[], position: number): SqlStatement | undefined {
  let found: SqlStatement | undefined;
  for (const statement of statements) {
    if (statement.from <= position) found = statement;
    if (position <= statement.to + 1 && position >= statement.from) return statement;
  }
  return found ?? statements[0];
}

/**
 * Why a statement deserves a second look before it runs, or null. Drops, truncates, and deletes or
 * updates without a WHERE clause cannot be undone.
 */
export function destructiveReason(statement: SqlStatement): string | null {
  const [first, second] = statement.words;
  if (first === 'DROP') return `drops ${second ? second.toLowerCase() : 'an object'}`;
  if (first === 'TRUNCATE') return 'truncates a table';
  if (first === 'ALTER' && statement.words.includes('DROP')) return 'drops part of an object';
  if (first === 'DELETE' && !statement.words.includes('WHERE')) return 'deletes every row of a table (no WHERE clause)';
  if (first === 'UPDATE' && !statement.words.includes('WHERE')) return 'updates every row of a table (no WHERE clause)';
  return null;
}

/**
 * The script with a row limit added to its last statement when that is a plain SELECT without its
 * own LIMIT/FETCH (or INTO, which creates a table). One extra row is asked for, so the editor knows
 * whether the limit was hit. Statements before it keep their offsets, so error positions still match.
 */
export function withRowLimit(sql: string, statements: SqlStatement[], limit: number): { sql: string; isLimited: boolean } {
  const last = statements.at(-1);
  if (!last || last.words[0] !== 'SELECT') return { sql, isLimited: false };
  if (last.words.some((word) => word === 'LIMIT' || word === 'FETCH' || word === 'INTO' || word === 'FOR')) return { sql, isLimited: false };
  // A new line keeps a trailing line comment from swallowing the limit.
  return { sql: `${sql.slice(0, last.to)}\nlimit ${limit + 1}${sql.slice(last.to)}`, isLimited: true };
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(sql: string, offset: number): { line: number; column: number } {
  const before = sql.slice(0, Math.max(0, offset));
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
