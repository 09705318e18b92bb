/** Turning example values into JavaScript and shell text that runs as written. */
import { ANON_KEY_PLACEHOLDER, SERVICE_KEY_PLACEHOLDER, type SnippetContext } from './types.ts';

export type Example = string | number | boolean | null | Example[] | { [key: string]: Example };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return super switch this throw true try typeof var void while with yield await static'.split(
    ' ',
  ),
);

export function jsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function jsKey(key: string): string {
  return IDENTIFIER.test(key) ? key : jsString(key);
}

/** A variable name for a table's rows (`let { data: todos }`), or null when the name cannot be one. */
export function jsIdentifier(name: string): string | null {
  return IDENTIFIER.test(name) && !RESERVED.has(name) && name !== 'error' && name !== 'supabase' ? name : null;
}

/** A JavaScript literal on one line: `{ title: 'someValue', done: true }`. */
export function jsLiteral(value: Example): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
  const entries = Object.entries(value);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${jsKey(key)}: ${jsLiteral(item)}`).join(', ')} }`;
}

/** JSON on one line with the spacing people write: `{ "title": "someValue" }`. */
export function jsonInline(value: Example): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonInline).join(', ')}]`;
  const entries = Object.entries(value);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${jsonInline(item)}`).join(', ')} }`;
}

/** Single-quoted for bash: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** One curl command, one option per line. */
export function curl(lines: string[]): string {
  return lines.join(' \\\n');
}

/** The key as a bash word inside double quotes: the literal key, or the environment variable. */
export function bashKey(ctx: SnippetContext, which: 'anon' | 'service'): string {
  const key = which === 'anon' ? ctx.anonKey : ctx.serviceKey;
  return key ?? `$${which === 'anon' ? ANON_KEY_PLACEHOLDER : SERVICE_KEY_PLACEHOLDER}`;
}

/** The gateway needs both: apikey picks the project's key, Authorization the role of the request. */
export function authHeaders(ctx: SnippetContext, which: 'anon' | 'service' = 'anon', bearer?: string): string[] {
  return [`-H "apikey: ${bashKey(ctx, which)}"`, `-H "Authorization: Bearer ${bearer ?? bashKey(ctx, which)}"`];
}

/** A PostgREST filter value in a URL: strings as they are, lists in PostgREST's own syntax. */
export function urlValue(value: Example): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(urlValue).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Names in a `select=` list; PostgREST takes odd names in double quotes. */
export function selectName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

export function restUrl(ctx: SnippetContext, path: string): string {
  return `${ctx.url}/rest/v1/${path}`;
}
