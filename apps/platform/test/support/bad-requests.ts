/**
 * Builds bad requests for any endpoint described in JSON Schema terms (as /api/openapi.json describes
 * the platform API): a plausible request first, then one variant per kind of bad input.
 */
import { randomUUID } from 'node:crypto';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  additionalProperties?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

/** One endpoint: a method, a path with `{name}` placeholders, its parameters and body schema. */
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  headers?: Record<string, string>;
}

export interface BadRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const HUGE = '123456789012345678901234567890';
const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const LONG_QUERY_STRING = 'q'.repeat(8_000);
const LONG_SEGMENT = 'a'.repeat(10_000);
const NUL = 'nul\u0000byte';
/** Stand-ins replaced in the JSON text by what JSON.stringify cannot write: huge number literals, deep nesting. */
const MARK = { huge: '\u0001huge\u0001', nested: '\u0001nested\u0001', deep: '\u0001deep\u0001' };

/** Nested arrays `depth` deep, as JSON text (built as text: JSON.stringify itself fails at such depths). */
export const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf || schema.oneOf) return typeOf(variant(schema));
  if (schema.const !== undefined) return typeof schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type ?? (schema.properties ? 'object' : 'any');
}

/** The first alternative that is not just null. */
function variant(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf ?? [schema];
  return options.find((o) => o.type !== 'null') ?? options[0];
}

/** A plausible value for a schema: its default, const or first enum value, else a simple one of its type. */
export function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return sample(variant(schema));
  switch (typeOf(schema)) {
    case 'string':
      return schema.format === 'uuid' ? randomUUID() : schema.format === 'email' ? 'someone@example.com' : 'x';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return 'x';
  }
}

/** Rewrites every leaf of a sampled value by its schema; `swap` returns undefined to keep a leaf. */
function mapLeaves(schema: JsonSchema, value: unknown, swap: (schema: JsonSchema, value: unknown) => unknown): unknown {
  const type = typeOf(schema);
  const s = schema.anyOf || schema.oneOf ? variant(schema) : schema;
  if (type === 'object' && s.properties && value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapLeaves(s.properties[k] ?? {}, v, swap);
    return out;
  }
  if (type === 'array' && s.items && Array.isArray(value)) return value.map((v) => mapLeaves(s.items!, v, swap));
  const swapped = swap(s, value);
  return swapped === undefined ? value : swapped;
}

const isFreeForm = (schema: JsonSchema) => {
  const type = typeOf(schema);
  return type === 'any' || (type === 'object' && !schema.properties);
};

/** What a kind of bad input changes in a plausible request; a `body` key (even undefined) replaces the body. */
interface Change {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  /** JSON text, or undefined for no body. */
  body?: string;
}

/** Given the operation and its plausible body, the change; null when the kind has nothing to change here. */
type Kind = (op: Operation, body: unknown) => Change | null;

const json = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll(JSON.stringify(MARK.huge), HUGE)
    .replaceAll(JSON.stringify(MARK.nested), `{"a":${deepJson(400)}}`)
    .replaceAll(JSON.stringify(MARK.deep), `{"a":${deepJson(100_000)}}`);
const hasBody = (op: Operation) => op.body !== undefined;
const writes = (op: Operation) => op.method !== 'GET' && op.method !== 'HEAD';

function swapQuery(op: Operation, swap: (schema: JsonSchema) => unknown): Record<string, unknown> | null {
  const query: Record<string, unknown> = {};
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    const value = swap(p.schema);
    if (value !== undefined) query[p.name] = value;
  }
  return Object.keys(query).length > 0 ? query : null;
}

function swapPath(op: Operation, swap: (schema: JsonSchema, name: string) => string | undefined): Record<string, string> | null {
  const path: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const value = swap(p.schema, p.name);
    if (value !== undefined) path[p.name] = value;
  }
  return Object.keys(path).length > 0 ? path : null;
}

/** The body with every free-form field set to `mark`, or null when it has none. */
function inFreeFormFields(op: Operation, body: unknown, mark: string): { body: string } | null {
  let found = false;
  const text = hasBody(op) ? json(mapLeaves(op.body!, body, (schema) => (isFreeForm(schema) ? ((found = true), mark) : undefined))) : '';
  return found ? { body: text } : null;
}

export const KINDS: Record<string, Kind> = {
  'malformed JSON': (op) => (writes(op) ? { body: '{"broken": [1, 2' } : null),

  'wrong types': (op, sampled) => {
    const wrong = (schema: JsonSchema) => {
      const type = typeOf(schema);
      if (type === 'string') return 12345;
      if (type === 'number' || type === 'integer') return 'not a number';
      if (type === 'boolean') return 'maybe';
      if (type === 'array') return { not: 'an array' };
      if (type === 'object') return ['not', 'an object'];
      return undefined;
    };
    const body = hasBody(op) ? json(mapLeaves(op.body!, sampled, wrong)) : undefined;
    const query = swapQuery(op, (s) => (['number', 'integer', 'boolean'].includes(typeOf(s)) ? 'not-a-value' : ['a', 'b']));
    const path = swapPath(op, (s, name) => (['slug', 'ref'].includes(name) ? undefined : typeOf(s) === 'string' ? '-1.x' : 'not-a-number'));
    if (!body && !query && !path) return null;
    return { body, ...(query && { query }), ...(path && { path }) };
  },

  'NUL bytes in strings': (op, sampled) => {
    const withNul = (schema: JsonSchema) => (typeOf(schema) === 'string' ? NUL : isFreeForm(schema) ? { [NUL]: NUL } : undefined);
    const body = hasBody(op) ? json(mapLeaves(op.body!, sampled, withNul)) : undefined;
    const query = swapQuery(op, () => NUL);
    if (!body && !query) return null;
    return { body, ...(query && { query }) };
  },

  '1 MB strings': (op, sampled) => {
    // Query strings stay within Node's 16 KB header limit; in the body one field takes the megabyte (the
    // body limit is 1 MB): the freest string (no length limit, format or enum), most likely to reach the database.
    const query = swapQuery(op, (s) => (typeOf(s) === 'string' ? LONG_QUERY_STRING : undefined));
    const freedom = (s: JsonSchema) =>
      typeOf(s) === 'string' || isFreeForm(s) ? 1 + (s.maxLength ? 0 : 4) + (s.format || s.pattern ? 0 : 2) + (s.enum ? 0 : 1) : 0;
    let best = 0;
    if (hasBody(op)) mapLeaves(op.body!, sampled, (s) => void (best = Math.max(best, freedom(s))));
    let placed = false;
    const megabyte = (s: JsonSchema) => (!placed && freedom(s) === best ? ((placed = true), MEGABYTE_STRING) : undefined);
    const body = best > 0 ? json(mapLeaves(op.body!, sampled, megabyte)) : undefined;
    if (!body && !query) return null;
    return { ...(body && { body }), ...(query && { query }) };
  },

  // In the free-form fields where a document can nest (metadata, content), else as the whole body.
  'deeply nested JSON': (op, sampled) => inFreeFormFields(op, sampled, MARK.deep) ?? (writes(op) ? { body: deepJson(100_000) } : null),

  'nesting within the limit in free-form fields': (op, sampled) => inFreeFormFields(op, sampled, MARK.nested),

  'huge numbers': (op, sampled) => {
    const huge = (schema: JsonSchema) => (['number', 'integer'].includes(typeOf(schema)) ? MARK.huge : undefined);
    const mapped = hasBody(op) ? json(mapLeaves(op.body!, sampled, huge)) : undefined;
    const body = mapped?.includes(HUGE) ? mapped : undefined;
    const query = swapQuery(op, (s) => (['number', 'integer'].includes(typeOf(s)) ? HUGE : undefined));
    const path = swapPath(op, (s) => (['number', 'integer'].includes(typeOf(s)) ? HUGE : undefined));
    if (!body && !query && !path) return null;
    return { ...(body && { body }), ...(query && { query }), ...(path && { path }) };
  },

  'long path parameters': (op) => {
    const path = swapPath(op, () => LONG_SEGMENT);
    return path && { path };
  },
  'NUL bytes in path parameters': (op) => {
    const path = swapPath(op, () => NUL);
    return path && { path };
  },
};

function urlOf(op: Operation, path: Record<string, string>, query: Record<string, unknown>): string {
  const pathname = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? 'x'));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * Every bad variant of one operation. `pathValues` gives real values for named path parameters
 * (the caller's organisation and project), so that the bad part is the only thing wrong.
 */
export function badRequests(op: Operation, pathValues: Record<string, string>): BadRequest[] {
  const path: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'path')) path[p.name] = pathValues[p.name] ?? String(sample(p.schema));
  const query: Record<string, unknown> = {};
  for (const p of op.parameters.filter((p) => p.in === 'query' && p.schema.default !== undefined)) query[p.name] = p.schema.default;
  const body = op.body ? sample(op.body) : undefined;
  const requests: BadRequest[] = [];
  for (const [kind, make] of Object.entries(KINDS)) {
    const change = make(op, body);
    if (!change) continue;
    const text = 'body' in change ? change.body : body === undefined ? undefined : JSON.stringify(body);
    requests.push({
      kind,
      method: op.method,
      url: urlOf(op, { ...path, ...change.path }, { ...query, ...change.query }),
      headers: { ...op.headers, ...(text !== undefined && { 'content-type': 'application/json' }) },
      body: text,
    });
  }
  return requests;
}
