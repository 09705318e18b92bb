/**
 * The arguments of a /rpc call: on GET and HEAD the query parameters whose value is not a filter;
 * on POST the body, read by its Content-Type (a JSON object's keys, a form's fields, or a raw text,
 * xml or binary body for a function that takes it whole).
 */
import { contentTypeNotAcceptable, PostgrestError } from '../errors.ts';
import type { ArgumentSource } from '../rpc-function.ts';
import { OPERATORS } from './filter.ts';
import type { RawFilter } from './query.ts';

export interface RpcArguments {
  source: ArgumentSource;
  keys: string[];
  /** The named arguments as one JSON object. */
  json: string;
  /** The body as it came, for a function whose one parameter takes it whole. */
  whole: string | Uint8Array;
  /** The query parameters that filter the result rather than name an argument. */
  filters: RawFilter[];
}

const RAW_SOURCES: Record<string, ArgumentSource> = { 'text/plain': 'text', 'text/xml': 'xml', 'application/octet-stream': 'binary' };

/** As PostgREST tells them apart: a value starting with an operator (`eq.1`, `not.in.(1,2)`, `fts(english).cat`) filters. */
function isFilterValue(value: string): boolean {
  const [head, ...rest] = value.split('.');
  if (head === 'not') return rest.length >= 2;
  return (OPERATORS as readonly string[]).includes(head.replace(/\(.*$/, ''));
}

/** Repeated names become arrays (a variadic parameter's values). */
function collect(pairs: Iterable<[string, string]>): Record<string, string | string[]> {
  const args: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const previous = args[name];
    args[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return args;
}

function named(source: ArgumentSource, args: Record<string, string | string[]>, filters: RawFilter[]): RpcArguments {
  const json = JSON.stringify(args);
  return { source, keys: Object.keys(args), json, whole: json, filters };
}

export function rpcArguments(method: string, contentType: string | undefined, body: string | Uint8Array | undefined, filters: RawFilter[]): RpcArguments {
  if (method !== 'POST') {
    const isArgument = (f: RawFilter) => f.path.length === 0 && f.field.json.length === 0 && !isFilterValue(f.value);
    return named('query', collect(filters.filter(isArgument).map((f) => [f.field.name, f.value])), filters.filter((f) => !isArgument(f)));
  }
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase() || 'application/json';
  const text = typeof body === 'string' ? body : body === undefined ? '' : new TextDecoder().decode(body);
  if (type === 'application/json') {
    // An empty body calls the function without arguments.
    const whole = text.trim() === '' ? '{}' : text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(whole);
    } catch {
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    }
    const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
    return { source: 'json', keys: isObject ? Object.keys(parsed as object) : [], json: isObject ? whole : '{}', whole, filters };
  }
  if (type === 'application/x-www-form-urlencoded') return named('form', collect(new URLSearchParams(text)), filters);
  const source = RAW_SOURCES[type];
  if (!source) throw contentTypeNotAcceptable(type);
  return { source, keys: [], json: '{}', whole: source === 'binary' ? (body ?? '') : text, filters };
}
