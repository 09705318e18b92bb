/**
 * Just enough of Postgres' lexical rules to know where statements end: quotes ('', E'', ""),
 * dollar quotes, nested block comments, line comments, parentheses and SQL-standard function bodies
 * (BEGIN ATOMIC ... END). Used to split editor scripts into statements and to make sure a raw SQL
 * fragment (a policy expression, a column default) is one closed expression that cannot break out of
 * the parentheses it is put in.
 */
import { PlinthError } from '@plinth/errors';

export interface Statement {
  /** The statement without its terminating semicolon, trimmed. */
  text: string;
  /** Character offset of `text` in the script, so error positions can be reported against the whole script. */
  offset: number;
}

export interface ScanResult {
  statements: Statement[];
  /** The first lexical problem, if any (an unterminated quote or comment, an unbalanced parenthesis). */
  problem: string | null;
  hasLineComment: boolean;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
const isWordStart = (c: string | undefined) => c !== undefined && /[\p{L}_]/u.test(c);
const DOLLAR_TAG = /^\$([\p{L}_][\p{L}\p{N}_]*)?\$/u;

/**
 * One lexical unit outside comments: a keyword or bare name (upper-cased), a quoted string, a quoted
 * name or a dollar-quoted body (their text as written, quotes included), or any other character.
 */
export interface SqlToken {
  kind: 'word' | 'string' | 'quoted_name' | 'dollar_quoted' | 'symbol';
  text: string;
  start: number;
  end: number;
}

export interface LexResult {
  tokens: SqlToken[];
  /** The first lexical problem, if any (an unterminated quote or comment). */
  problem: string | null;
  hasLineComment: boolean;
}

/** Tokens of `sql`, comments and white space skipped. Stops at an unterminated quote. */
export function lexSql(sql: string): LexResult {
  const tokens: SqlToken[] = [];
  let problem: string | null = null;
  let hasLineComment = false;
  const token = (kind: SqlToken['kind'], start: number, end: number) => {
    const text = sql.slice(start, end);
    tokens.push({ kind, text: kind === 'word' ? text.toUpperCase() : text, start, end });
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      // Postgres ends a line comment at \n or \r; so must we, or "--x\r); drop ..." would hide from us.
      hasLineComment = true;
      while (i < sql.length && sql[i] !== '\n' && sql[i] !== '\r') i++;
    } else if (c === '/' && next === '*') {
      let nesting = 1;
      i += 2;
      while (i < sql.length && nesting > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') { nesting++; i += 2; }
        else if (sql[i] === '*' && sql[i + 1] === '/') { nesting--; i += 2; }
        else i++;
      }
      if (nesting > 0) problem ??= 'A /* comment is not closed.';
    } else if (c === "'" || c === '"') {
      // E'...' strings take backslash escapes; the E must be a word of its own (not the end of "name").
      const escapes = c === "'" && (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isWordChar(sql[i - 2]);
      const end = skipQuoted(sql, i, c, escapes);
      if (end < 0) { problem ??= c === "'" ? 'A quoted string is not closed.' : 'A quoted name is not closed.'; break; }
      if (escapes) tokens.pop(); // the E is part of the string
      token(c === "'" ? 'string' : 'quoted_name', escapes ? i - 1 : i, end);
      i = end;
    } else if (c === '$' && !isWordChar(sql[i - 1]) && DOLLAR_TAG.test(sql.slice(i, i + 70))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 70))![0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end === -1) { problem ??= `A ${tag} quoted body is not closed.`; break; }
      token('dollar_quoted', i, end + tag.length);
      i = end + tag.length;
    } else if (isWordStart(c) && !isWordChar(sql[i - 1])) {
      let end = i + 1;
      while (isWordChar(sql[end])) end++;
      token('word', i, end);
      i = end;
    } else {
      if (!/\s/u.test(c)) token('symbol', i, i + 1);
      i++;
    }
  }
  return { tokens, problem, hasLineComment };
}

export function scanSql(sql: string): ScanResult {
  const lexed = lexSql(sql);
  const statements: Statement[] = [];
  let problem = lexed.problem;
  let start = 0;
  let depth = 0;
  let atomicDepth = 0;
  let words: string[] = [];
  const push = (end: number) => {
    const raw = sql.slice(start, end);
    const text = raw.trim();
    if (text !== '' && !/^(\s|--[^\n\r]*|\/\*[\s\S]*?\*\/)*$/.test(text)) {
      statements.push({ text, offset: start + raw.indexOf(text) });
    }
    start = end + 1;
    words = [];
  };
  const isRoutine = () => words[0] === 'CREATE' && (words[1] === 'FUNCTION' || words[1] === 'PROCEDURE'
    || (words[1] === 'OR' && words[2] === 'REPLACE' && (words[3] === 'FUNCTION' || words[3] === 'PROCEDURE')));

  for (const { kind, text, start: at } of lexed.tokens) {
    if (kind === 'symbol' && text === '(') {
      depth++;
    } else if (kind === 'symbol' && text === ')') {
      depth--;
      if (depth < 0) problem ??= 'A closing parenthesis has no opening one.';
    } else if (kind === 'symbol' && text === ';' && atomicDepth === 0) {
      if (depth > 0) problem ??= 'A parenthesis is not closed before the end of the statement.';
      depth = 0;
      push(at);
    } else if (kind === 'word') {
      if (isRoutine() && text === 'ATOMIC' && words.at(-1) === 'BEGIN') atomicDepth++;
      else if (atomicDepth > 0 && text === 'CASE') atomicDepth++;
      else if (atomicDepth > 0 && text === 'END') atomicDepth--;
      if (words.length < 8) words.push(text);
      else words[7] = text;
    }
  }
  if (depth > 0) problem ??= 'A parenthesis is not closed.';
  push(sql.length);
  return { statements, problem, hasLineComment: lexed.hasLineComment };
}

/** Index just past the closing quote, or -1 if the quote is never closed. A doubled quote is a literal quote. */
function skipQuoted(sql: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return -1;
}

/** The statements of an editor script, in order. Lexical problems are left for Postgres to report. */
export function splitStatements(sql: string): Statement[] {
  return scanSql(sql).statements;
}

/** The statement's leading keywords, upper-cased, comments skipped (e.g. ['PREPARE', 'TRANSACTION']). */
/** The statement without the whitespace and comments before its first word. */
export function withoutLeadingComments(statement: string): string {
  return statement.replace(/^(\s+|--[^\n\r]*|\/\*[\s\S]*?\*\/)+/, '');
}

export function leadingWords(statement: string, count = 2): string[] {
  const stripped = withoutLeadingComments(statement);
  return (stripped.match(/[\p{L}_][\p{L}\p{N}_$]*/gu) ?? []).slice(0, count).map((w) => w.toUpperCase());
}

/**
 * Checks a raw SQL fragment written by the user by design (a policy expression, a default, a CHECK,
 * a view query) and returns it ready to embed in parentheses. A fragment must be one closed
 * expression: no statement separator, balanced parentheses, every quote and comment closed, so it can
 * never end the generated statement early and smuggle in another one.
 */
export function sqlFragment(text: string, field: string): string {
  const scanned = scanSql(text);
  if (scanned.problem) throw new PlinthError('invalid_sql_fragment', `The ${field} is not valid SQL: ${scanned.problem}`, { field });
  if (scanned.statements.length === 0) throw new PlinthError('invalid_sql_fragment', `The ${field} is empty.`, { field });
  const body = scanned.statements[0].text;
  // One statement that is the whole text: no ";" anywhere outside quotes and comments.
  if (scanned.statements.length > 1 || text.trim() !== body) {
    throw new PlinthError('invalid_sql_fragment', `The ${field} must be a single expression without ";".`, { field });
  }
  // A trailing line comment would swallow the closing parenthesis: end it with a newline.
  return scanned.hasLineComment ? `${body}\n` : body;
}
