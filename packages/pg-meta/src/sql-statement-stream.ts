/**
 * The statements of a SQL script that arrives as a stream (a dump of many gigabytes), one by one,
 * without holding the script: the lexer of sql-lexer.ts runs over a sliding buffer. Lexing reads
 * left to right, so in any prefix of a script the statements the lexer ends with a `;` are complete
 * exactly as they are in the whole script; only the last one (no `;` seen yet) may go on, and is kept
 * for the next chunk. psql meta-command lines (a line starting with `\`, as pg_dump 18's
 * `\restrict`) where a statement begins are left out, as psql would not send them to the server;
 * a line of a multi-line text value that starts with `\` is data, and stays.
 */
import { scanSql } from './sql-lexer.ts';

/** Text is scanned once this much has gathered past what the last scan left incomplete. */
const MIN_SCAN_CHARS = 64 * 1024;

/** Meta-command lines (and the white space and comments around them) before a statement's first word. */
const LEADING_META_COMMANDS = /^(?:(?:\s|--[^\n\r]*)*\\[^\n]*(?:\n|$))+/;

/** Statements of the UTF-8 (or text) chunks of `source`, without their terminating `;`, trimmed, in order. */
export async function* streamStatements(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8'); // no node: import: the studio imports this package too
  let buffer = '';
  // Scanning again only once the buffer has doubled keeps one statement of many megabytes (a big
  // bytea value) from being lexed once per chunk: the work stays proportional to the input.
  let scanAt = MIN_SCAN_CHARS;
  const take = function* (final: boolean): Generator<string> {
    if (!final && buffer.length < scanAt) return;
    const { statements } = scanSql(buffer);
    const complete = final ? statements : statements.slice(0, -1);
    if (complete.length === 0) {
      scanAt = Math.max(MIN_SCAN_CHARS, buffer.length * 2);
      return;
    }
    const last = complete.at(-1)!;
    buffer = buffer.slice(endOfStatement(buffer, last.offset + last.text.length));
    scanAt = buffer.length + MIN_SCAN_CHARS;
    for (const statement of complete) {
      const text = statement.text.startsWith('\\') || statement.text.includes('\n\\') ? statement.text.replace(LEADING_META_COMMANDS, '').trim() : statement.text;
      if (text !== '') yield text;
    }
  };
  for await (const chunk of source) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* take(false);
  }
  buffer += decoder.decode();
  yield* take(true);
}

/** Index just past the `;` that ends a statement whose text ends at `textEnd` (only white space between). */
function endOfStatement(sql: string, textEnd: number): number {
  let i = textEnd;
  while (i < sql.length && sql[i] !== ';') i++;
  return Math.min(i + 1, sql.length);
}
