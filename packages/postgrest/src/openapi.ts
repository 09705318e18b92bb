/**
 * The OpenAPI 2.0 (swagger) document of one exposed schema, as PostgREST serves it at `/`: the
 * studio's API docs and typed clients read `definitions` and `paths` from it.
 */
import type { Column, DbFunction, ForeignKey, Relation, SchemaIndex } from './schema.ts';

export interface OpenApiOptions {
  schema: string;
  /** Public URL of this API, e.g. http://localhost:8000/p/abc/rest/v1 */
  baseUrl: string;
  /** What the caller's role may use; others are left out of the document. */
  isVisibleRelation(relation: Relation): boolean;
  isVisibleFunction(fn: DbFunction): boolean;
}

type JsonObject = Record<string, unknown>;

function swaggerType(column: Pick<Column, 'category' | 'castType' | 'declaredType' | 'enumValues'>): JsonObject {
  const format = column.declaredType;
  if (column.enumValues) return { type: 'string', format, enum: column.enumValues };
  switch (column.category) {
    case 'N': return { type: /^(smallint|integer|bigint)$/.test(column.castType) ? 'integer' : 'number', format };
    case 'B': return { type: 'boolean', format };
    case 'A': return { type: 'array', format, items: { type: 'string' } };
    default: return /^jsonb?$/.test(column.castType) ? { format } : { type: 'string', format };
  }
}

function columnNote(relation: Relation, column: Column, fks: ForeignKey[]): string | undefined {
  const notes: string[] = [];
  if (relation.primaryKey.includes(column.name)) notes.push('Note:\nThis is a Primary Key.<pk/>');
  for (const fk of fks) {
    const i = fk.columns.indexOf(column.name);
    if (fk.schema === relation.schema && fk.table === relation.name && i >= 0) {
      notes.push(`Note:\nThis is a Foreign Key to \`${fk.refTable}.${fk.refColumns[i]}\`.<fk table='${fk.refTable}' column='${fk.refColumns[i]}'/>`);
    }
  }
  const text = [column.description, ...notes].filter(Boolean).join('\n\n');
  return text || undefined;
}

function definition(relation: Relation, fks: ForeignKey[]): JsonObject {
  const properties: JsonObject = {};
  for (const column of relation.columns) {
    const description = columnNote(relation, column, fks);
    properties[column.name] = {
      ...(description && { description }),
      ...(column.defaultSql && { default: column.defaultSql }),
      ...(column.maxLength !== null && { maxLength: column.maxLength }),
      ...swaggerType(column),
    };
  }
  const required = relation.columns.filter((c) => !c.nullable && c.defaultSql === null).map((c) => c.name);
  return { ...(relation.description && { description: relation.description }), required, properties, type: 'object' };
}

const ref = (name: string) => ({ $ref: name });

function relationPaths(relation: Relation): JsonObject {
  const name = relation.name;
  const rowFilters = relation.columns.map((c) => ref(`#/parameters/rowFilter.${name}.${c.name}`));
  const ok = { description: 'OK', schema: { items: ref(`#/definitions/${name}`), type: 'array' } };
  const paths: JsonObject = {
    get: {
      tags: [name], ...(relation.description && { summary: relation.description }),
      parameters: [...rowFilters, ref('#/parameters/select'), ref('#/parameters/order'), ref('#/parameters/range'), ref('#/parameters/rangeUnit'), ref('#/parameters/offset'), ref('#/parameters/limit'), ref('#/parameters/preferCount')],
      responses: { 200: ok, 206: { description: 'Partial Content' } },
    },
  };
  if (relation.insertable) {
    paths.post = { tags: [name], parameters: [ref(`#/parameters/body.${name}`), ref('#/parameters/select'), ref('#/parameters/preferPost')], responses: { 201: { description: 'Created' } } };
  }
  if (relation.updatable) {
    paths.patch = { tags: [name], parameters: [...rowFilters, ref(`#/parameters/body.${name}`), ref('#/parameters/preferReturn')], responses: { 204: { description: 'No Content' } } };
  }
  if (relation.deletable) {
    paths.delete = { tags: [name], parameters: [...rowFilters, ref('#/parameters/preferReturn')], responses: { 204: { description: 'No Content' } } };
  }
  return paths;
}

function functionPaths(fn: DbFunction): JsonObject {
  const properties: JsonObject = {};
  for (const arg of fn.args) {
    properties[arg.name] = swaggerType({ category: /\[\]$/.test(arg.castType) ? 'A' : /^(smallint|integer|bigint|numeric|real|double precision)$/.test(arg.castType) ? 'N' : arg.castType === 'boolean' ? 'B' : 'S', castType: arg.castType, declaredType: arg.castType, enumValues: null });
  }
  const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const tags = ['(rpc) ' + fn.name];
  const body = { in: 'body', name: 'args', required: true, schema: { type: 'object', required, properties } };
  const post = { tags, ...(fn.description && { summary: fn.description }), parameters: [body, ref('#/parameters/preferParams')], produces: ['application/json', 'application/vnd.pgrst.object+json'], responses: { 200: { description: 'OK' } } };
  const getParams = fn.args.map((a) => ({ name: a.name, in: 'query', required: !a.hasDefault, type: (properties[a.name] as JsonObject).type ?? 'string', format: a.castType }));
  return { post, get: { tags, ...(fn.description && { summary: fn.description }), parameters: getParams, responses: { 200: { description: 'OK' } } } };
}

const STATIC_PARAMETERS: JsonObject = {
  preferParams: { name: 'Prefer', description: 'Preference', required: false, enum: ['params=single-object'], in: 'header', type: 'string' },
  preferReturn: { name: 'Prefer', description: 'Preference', required: false, enum: ['return=representation', 'return=minimal', 'return=none'], in: 'header', type: 'string' },
  preferCount: { name: 'Prefer', description: 'Preference', required: false, enum: ['count=none'], in: 'header', type: 'string' },
  preferPost: { name: 'Prefer', description: 'Preference', required: false, enum: ['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates'], in: 'header', type: 'string' },
  select: { name: 'select', description: 'Filtering Columns', required: false, in: 'query', type: 'string' },
  on_conflict: { name: 'on_conflict', description: 'On Conflict', required: false, in: 'query', type: 'string' },
  order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
  range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
  rangeUnit: { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, default: 'items', in: 'header', type: 'string' },
  offset: { name: 'offset', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
  limit: { name: 'limit', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
};

export function buildOpenApi(index: SchemaIndex, options: OpenApiOptions): JsonObject {
  const url = new URL(options.baseUrl);
  const relations = index.relations.filter((r) => r.schema === options.schema && options.isVisibleRelation(r)).sort((a, b) => a.name.localeCompare(b.name));
  const functions = index.allFunctions.filter((f) => f.schema === options.schema && options.isVisibleFunction(f)).sort((a, b) => a.name.localeCompare(b.name));
  const paths: JsonObject = { '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)', produces: ['application/openapi+json', 'application/json'], responses: { 200: { description: 'OK' } } } } };
  const definitions: JsonObject = {};
  const parameters: JsonObject = { ...STATIC_PARAMETERS };
  for (const relation of relations) {
    paths[`/${relation.name}`] = relationPaths(relation);
    definitions[relation.name] = definition(relation, index.foreignKeys);
    parameters[`body.${relation.name}`] = { name: relation.name, description: relation.name, required: false, in: 'body', schema: ref(`#/definitions/${relation.name}`) };
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = { name: column.name, required: false, format: column.declaredType, in: 'query', type: 'string' };
    }
  }
  for (const fn of functions) paths[`/rpc/${fn.name}`] = functionPaths(fn);
  return {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '12.2.0 (plinth)' },
    host: url.host,
    basePath: url.pathname.replace(/\/$/, '') || '/',
    schemes: [url.protocol.replace(':', '')],
    consumes: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
    parameters,
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v12/references/api.html' },
  };
}
