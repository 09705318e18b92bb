/**
 * A statement's text with its constants replaced by $1, $2, ... as pg_stat_statements shows it:
 * what groups the runs of one statement shape for the query performance report, and what a log entry
 * shows of a statement so it never carries a value (a password in ALTER ROLE ... PASSWORD, a row's
 * contents in an INSERT).
 *
 * Constants are string literals (with their E, B, X, N or U& prefix), dollar-quoted strings and
 * numbers; they are numbered after the highest parameter the text already has ($1 stays $1). A list
 * made only of constants after IN or ARRAY becomes its first one and a comment, as PostgreSQL 18
 * squashes it, so lists of every length are one statement. Comments, quoted names and everything
 * else stay as written.
 *
 * One pass over the characters, no parser: this runs for every distinct statement the platform
 * records (measured in test/logs/normalize.test.ts). Text that does not lex (an unterminated quote)
 * is masked from that point on, never passed through.
 */

const QUOTE = 39; // '
const DOUBLE_QUOTE = 34; // "
const DOLLAR = 36; // $
const DASH = 45; // -
const SLASH = 47; // /
const STAR = 42; // *
const DOT = 46; // .
const BACKSLASH = 92; // \
const AMPERSAND = 38; // &

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c >= 128;
const isWordChar = (c: number) => isLetter(c) || isDigit(c) || c === DOLLAR;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

interface Constant {
  start: number;
  end: number;
}

export function normalizeStatement(sql: string): string {
  const constants: Constant[] = [];
  let maxParameter = 0;
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql.charCodeAt(i);
    if (c === DASH && sql.charCodeAt(i + 1) === DASH) {
      while (i < n && sql.charCodeAt(i) !== 10 && sql.charCodeAt(i) !== 13) i++;
    } else if (c === SLASH && sql.charCodeAt(i + 1) === STAR) {
      i = commentEnd(sql, i);
    } else if (c === QUOTE) {
      const end = quotedEnd(sql, i, QUOTE, false);
      constants.push({ start: i, end });
      i = end;
    } else if (c === DOUBLE_QUOTE) {
      i = quotedEnd(sql, i, DOUBLE_QUOTE, false);
    } else if (c === DOLLAR) {
      if (isDigit(sql.charCodeAt(i + 1))) {
        let end = i + 1;
        while (end < n && isDigit(sql.charCodeAt(end))) end++;
        maxParameter = Math.max(maxParameter, Number(sql.slice(i + 1, end)));
        i = end;
      } else {
        const end = dollarQuotedEnd(sql, i);
        if (end > i) constants.push({ start: i, end });
        i = Math.max(end, i + 1);
      }
    } else if (isLetter(c)) {
      let end = i + 1;
      while (end < n && isWordChar(sql.charCodeAt(end))) end++;
      const prefixed = stringPrefixEnd(sql, i, end);
      if (prefixed > 0) {
        constants.push({ start: i, end: prefixed });
        i = prefixed;
      } else {
        i = end;
      }
    } else if (isDigit(c) || (c === DOT && isDigit(sql.charCodeAt(i + 1)))) {
      const end = numberEnd(sql, i);
      constants.push({ start: i, end });
      i = end;
    } else {
      i++;
    }
  }
  if (constants.length === 0) return sql;
  return assemble(sql, constants, maxParameter);
}

/** The text with each constant (or list of them) replaced by the next parameter number. */
function assemble(sql: string, constants: Constant[], maxParameter: number): string {
  let out = '';
  let position = 0;
  let next = maxParameter;
  for (let k = 0; k < constants.length; k++) {
    const { start } = constants[k];
    out += sql.slice(position, start);
    let last = k;
    if (opensList(sql, start)) {
      while (last + 1 < constants.length && /^\s*,\s*$/.test(sql.slice(constants[last].end, constants[last + 1].start))) last++;
      if (last > k && !/^\s*[)\]]/.test(sql.slice(constants[last].end, constants[last].end + 64))) last = k;
    }
    next++;
    out += last > k ? `$${next} /*, ... */` : `$${next}`;
    position = constants[last].end;
    k = last;
  }
  return out + sql.slice(position);
}

/** Whether the constant at `start` is the first element of `IN (` or `ARRAY[`. */
function opensList(sql: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && isSpace(sql.charCodeAt(i))) i--;
  const bracket = sql[i];
  if (bracket !== '(' && bracket !== '[') return false;
  i--;
  while (i >= 0 && isSpace(sql.charCodeAt(i))) i--;
  let wordStart = i;
  while (wordStart >= 0 && isWordChar(sql.charCodeAt(wordStart))) wordStart--;
  const word = sql.slice(wordStart + 1, i + 1).toLowerCase();
  return bracket === '(' ? word === 'in' : word === 'array';
}

/** The end of a /* comment, which nests in PostgreSQL. */
function commentEnd(sql: string, start: number): number {
  let depth = 1;
  let i = start + 2;
  while (i < sql.length && depth > 0) {
    if (sql.charCodeAt(i) === SLASH && sql.charCodeAt(i + 1) === STAR) {
      depth++;
      i += 2;
    } else if (sql.charCodeAt(i) === STAR && sql.charCodeAt(i + 1) === SLASH) {
      depth--;
      i += 2;
    } else {
      i++;
    }
  }
  return i;
}

/** Just past the closing quote (a doubled quote is one quote; with escapes, a backslash escapes); the text's end if none. */
function quotedEnd(sql: string, open: number, quote: number, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    const c = sql.charCodeAt(i);
    if (backslashEscapes && c === BACKSLASH) i += 2;
    else if (c === quote && sql.charCodeAt(i + 1) === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return sql.length;
}

/** `$tag$ ... $tag$` (or `$$ ... $$`) from `start`: just past its end, or `start` when this `$` opens none. */
function dollarQuotedEnd(sql: string, start: number): number {
  let i = start + 1;
  if (i < sql.length && isLetter(sql.charCodeAt(i))) {
    while (i < sql.length && (isLetter(sql.charCodeAt(i)) || isDigit(sql.charCodeAt(i)))) i++;
  }
  if (sql.charCodeAt(i) !== DOLLAR) return start;
  const tag = sql.slice(start, i + 1);
  const close = sql.indexOf(tag, i + 1);
  return close < 0 ? sql.length : close + tag.length;
}

/**
 * A word that is a string's prefix (E'..', B'..', X'..', N'..', U&'..'): the end of that string, or
 * 0 when the word is just a word.
 */
function stringPrefixEnd(sql: string, start: number, end: number): number {
  const word = end - start;
  const after = sql.charCodeAt(end);
  if (word === 1 && after === QUOTE) {
    const letter = sql[start].toLowerCase();
    if (letter === 'e') return quotedEnd(sql, end, QUOTE, true);
    if (letter === 'b' || letter === 'x' || letter === 'n') return quotedEnd(sql, end, QUOTE, false);
  }
  if (word === 1 && (sql[start] === 'u' || sql[start] === 'U') && after === AMPERSAND && sql.charCodeAt(end + 1) === QUOTE) {
    return quotedEnd(sql, end + 1, QUOTE, false);
  }
  return 0;
}

/** A numeric constant: 42, 4.2, .5, 1e-3, 1_000, 0x1F, 0o17, 0b101. */
function numberEnd(sql: string, start: number): number {
  let i = start;
  const radix = sql.charCodeAt(i) === 48 ? sql[i + 1]?.toLowerCase() : undefined;
  if (radix === 'x' || radix === 'o' || radix === 'b') {
    i += 2;
    while (i < sql.length && (isWordChar(sql.charCodeAt(i)) && sql.charCodeAt(i) !== DOLLAR)) i++;
    return i;
  }
  while (i < sql.length && (isDigit(sql.charCodeAt(i)) || sql.charCodeAt(i) === 95)) i++;
  if (sql.charCodeAt(i) === DOT && sql.charCodeAt(i + 1) !== DOT) {
    i++;
    while (i < sql.length && (isDigit(sql.charCodeAt(i)) || sql.charCodeAt(i) === 95)) i++;
  }
  const e = sql.charCodeAt(i);
  if (e === 101 || e === 69) {
    let j = i + 1;
    if (sql.charCodeAt(j) === 43 || sql.charCodeAt(j) === DASH) j++;
    if (isDigit(sql.charCodeAt(j))) {
      i = j;
      while (i < sql.length && isDigit(sql.charCodeAt(i))) i++;
    }
  }
  return i;
}
