/**
 * What an editor statement may do beyond reading its database, decided from its tokens (so a word in
 * a string, a quoted name or a comment never counts): whether it only reads, and whether it reaches
 * the server's programs or files.
 */
import { lexSql, type SqlToken } from './sql-lexer.ts';

/** Statements that, without a data-modifying word inside, only read. */
const READING_COMMANDS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'SHOW', 'EXPLAIN']);
/**
 * Words that make a reading command write or act: a data-modifying WITH or EXPLAIN ANALYZE of one,
 * SELECT ... INTO (creates a table), row locks, NOTIFY. Erring towards "writes" only costs speed.
 */
const WRITING_WORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'INTO', 'PG_NOTIFY', 'NEXTVAL', 'SETVAL']);

/** Functions that read or write the server's files (Postgres' "server file access" functions). */
const SERVER_FILE_FUNCTIONS = new Set([
  'pg_read_file', 'pg_read_binary_file', 'pg_stat_file', 'pg_ls_dir', 'pg_ls_logdir', 'pg_ls_waldir',
  'pg_ls_tmpdir', 'pg_ls_archive_statusdir', 'pg_ls_logicalsnapdir', 'pg_ls_logicalmapdir',
  'pg_ls_replslotdir', 'pg_ls_summariesdir', 'pg_current_logfile', 'lo_import', 'lo_export',
]);

/** Statements whose routine bodies are code (scanned too), not data. */
const BODY_STATEMENTS = new Set(['DO', 'CREATE']);


/** True when the statement can only read: a reading command with no writing word anywhere in it. */
export function isReadOnlyStatement(text: string): boolean {
  const { tokens, problem } = lexSql(text);
  if (problem) return false;
  const all = tokens.filter((t) => t.kind === 'word').map((t) => t.text);
  return READING_COMMANDS.has(all[0]) && !all.some((w) => WRITING_WORDS.has(w));
}

/** The name a token calls, when it is a function name: `pg_read_file(`, `"lo_import"(`. */
function calledName(tokens: SqlToken[], index: number): string | null {
  const token = tokens[index];
  if (tokens[index + 1]?.text !== '(') return null;
  if (token.kind === 'word') return token.text.toLowerCase();
  if (token.kind === 'quoted_name') return token.text.slice(1, -1).replaceAll('""', '"');
  return null;
}

/** What a COPY at `at` reads or writes: `TO`/`FROM` (outside parentheses) then PROGRAM or a file name. */
function copyTarget(tokens: SqlToken[], at: number): string | null {
  let depth = 0;
  for (let i = at + 1; i < tokens.length; i++) {
    const { kind, text } = tokens[i];
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (depth === 0 && text === ';') return null;
    else if (depth === 0 && kind === 'word' && (text === 'TO' || text === 'FROM')) {
      const target = tokens[i + 1];
      if (target?.kind === 'word' && target.text === 'PROGRAM') return `COPY ${text} PROGRAM`;
      if (target?.kind === 'string') return `COPY ${text} a server file`;
      return null;
    }
  }
  return null;
}

/** The code inside a dollar-quoted body ($$ ... $$, $fn$ ... $fn$). */
function bodyOf(token: SqlToken): string {
  const tagLength = token.text.indexOf('$', 1) + 1;
  return token.text.slice(tagLength, token.text.length - tagLength);
}

function findServerAccess(tokens: SqlToken[], scanBodies: boolean): string | null {
  if (tokens[0]?.kind === 'word' && tokens[0].text === 'LOAD') return 'LOAD';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const found = token.kind === 'word' && token.text === 'COPY' ? copyTarget(tokens, i) : null;
    if (found) return found;
    const name = calledName(tokens, i);
    if (name && SERVER_FILE_FUNCTIONS.has(name)) return name;
    if (scanBodies && token.kind === 'dollar_quoted') {
      const inBody = findServerAccess(lexSql(bodyOf(token)).tokens, false);
      if (inBody) return inBody;
    }
  }
  return null;
}

/**
 * What in the statement runs a server program or touches the server's files, named for an error
 * message ("COPY TO PROGRAM", "pg_read_file"), or null. Routine bodies written in the statement (DO,
 * CREATE FUNCTION) are scanned as code; SQL assembled at run time (EXECUTE of a string) cannot be
 * seen from here.
 */
export function serverAccessIn(text: string): string | null {
  const { tokens } = lexSql(text);
  return findServerAccess(tokens, BODY_STATEMENTS.has(tokens[0]?.text ?? ''));
}
