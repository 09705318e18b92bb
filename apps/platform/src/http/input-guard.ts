/**
 * Checks every request input passes before it reaches a handler, so that bad input is a 400 and
 * never a database or stack failure: Postgres text cannot hold U+0000, and JSON nested tens of
 * thousands deep overflows JSON.stringify and PGlite's stack (which takes the project down with it).
 */
import { errorCatalogue, PlinthError } from '@plinth/errors';

/** Far deeper than any real document, far shallower than what breaks JSON.stringify or PGlite (~5,000). */
export const MAX_JSON_DEPTH = 512;

/** Whether a JSON text nests arrays and objects deeper than `limit`; one pass, no parsing. */
export function jsonNestingExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  // Every level costs at least one character, so short texts cannot be too deep.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The path (`a.b.0`) of the first string or key holding U+0000 in a parsed value, or null. */
export function findNul(value: unknown, where = ''): string | null {
  const pending: [unknown, string][] = [[value, where]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Throws text_contains_nul naming the field when any string in `value` holds U+0000. */
export function assertNoNul(value: unknown, where = ''): void {
  const path = findNul(value, where);
  if (path === null) return;
  const field = path.replace(/\u0000/g, '\\u0000');
  const message = errorCatalogue.text_contains_nul.message;
  throw new PlinthError('text_contains_nul', field ? `${field}: ${message}` : message, { field });
}
