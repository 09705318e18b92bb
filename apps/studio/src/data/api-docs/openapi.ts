/**
 * The project's REST spec (OpenAPI 2.0, as PostgREST serves it at `/rest/v1/`) turned into the
 * spec's "Docs source data": tables/views with their columns, and functions with their arguments.
 * Pure: the docs and the snippet tests read the same result.
 */

export interface OpenApiProperty {
  type?: string;
  format?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  maxLength?: number;
  items?: { type?: string; format?: string };
}

interface OpenApiSchema {
  description?: string;
  required?: string[];
  properties?: Record<string, OpenApiProperty>;
}

interface OpenApiParameter {
  name?: string;
  in?: string;
  required?: boolean;
  type?: string;
  format?: string;
  schema?: OpenApiSchema;
  $ref?: string;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
}

export interface OpenApiDocument {
  definitions?: Record<string, OpenApiSchema>;
  paths?: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', OpenApiOperation>>>;
}

export interface DocsColumn {
  name: string;
  /** OpenAPI type: integer, number, string, boolean, array; empty for json. */
  type: string;
  /** Postgres type, e.g. bigint, text, timestamp with time zone. */
  format: string;
  description: string;
  isRequired: boolean;
  hasDefault: boolean;
  isPrimaryKey: boolean;
  foreignKey: { table: string; column: string } | null;
  enumValues: string[];
  maxLength: number | null;
  itemFormat: string | null;
}

export interface DocsTable {
  name: string;
  description: string;
  columns: DocsColumn[];
  /** Views that cannot be written (and members without write grants) get no write snippets. */
  canInsert: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

export interface DocsArgument {
  name: string;
  type: string;
  format: string;
  isRequired: boolean;
  enumValues: string[];
  itemFormat: string | null;
}

export interface DocsFunction {
  name: string;
  description: string;
  args: DocsArgument[];
}

export interface DocsSource {
  tables: DocsTable[];
  functions: DocsFunction[];
}

const PK_NOTE = /<pk\/>/;
const FK_NOTE = /<fk table='([^']+)' column='([^']+)'\/>/;

/** PostgREST appends machine notes (`<pk/>`, `<fk .../>`) to column descriptions; people read the text only. */
export function readableDescription(description: string | undefined): string {
  return (description ?? '')
    .replace(/<pk\/>|<fk [^>]*\/>/g, '')
    .replace(/\s+$/, '')
    .trim();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(values: unknown[] | undefined): string[] {
  return (values ?? []).filter((value): value is string => typeof value === 'string');
}

function columnOf(name: string, property: OpenApiProperty, required: string[]): DocsColumn {
  const fk = FK_NOTE.exec(property.description ?? '');
  return {
    name,
    type: property.type ?? '',
    format: property.format ?? '',
    description: readableDescription(property.description),
    isRequired: required.includes(name),
    hasDefault: property.default !== undefined,
    isPrimaryKey: PK_NOTE.test(property.description ?? ''),
    foreignKey: fk ? { table: fk[1], column: fk[2] } : null,
    enumValues: stringList(property.enum),
    maxLength: typeof property.maxLength === 'number' ? property.maxLength : null,
    itemFormat: property.items?.format ?? property.items?.type ?? null,
  };
}

function tablesOf(doc: OpenApiDocument): DocsTable[] {
  const paths = doc.paths ?? {};
  return Object.entries(doc.definitions ?? {})
    .map(([name, schema]) => {
      const path = paths[`/${name}`];
      const required = schema.required ?? [];
      return {
        name,
        description: readableDescription(schema.description),
        columns: Object.entries(schema.properties ?? {}).map(([column, property]) => columnOf(column, property, required)),
        // Without a path entry the document does not say; offer the writes and let the server answer.
        canInsert: !path || !!path.post,
        canUpdate: !path || !!path.patch,
        canDelete: !path || !!path.delete,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function argumentsOf(operation: OpenApiOperation | undefined, method: 'get' | 'post'): DocsArgument[] {
  const parameters = operation?.parameters ?? [];
  if (method === 'post') {
    const body = parameters.find((parameter) => parameter.in === 'body')?.schema;
    const required = body?.required ?? [];
    return Object.entries(body?.properties ?? {}).map(([name, property]) => ({
      name,
      type: property.type ?? '',
      format: property.format ?? '',
      isRequired: required.includes(name),
      enumValues: stringList(property.enum),
      itemFormat: property.items?.format ?? property.items?.type ?? null,
    }));
  }
  return parameters
    .filter((parameter) => parameter.in === 'query' && parameter.name)
    .map((parameter) => ({
      name: parameter.name ?? '',
      type: parameter.type ?? '',
      format: parameter.format ?? '',
      isRequired: !!parameter.required,
      enumValues: [],
      itemFormat: null,
    }));
}

function functionsOf(doc: OpenApiDocument): DocsFunction[] {
  return Object.entries(doc.paths ?? {})
    .filter(([path]) => path.startsWith('/rpc/'))
    .map(([path, operations]) => {
      const operation = operations.post ?? operations.get;
      return {
        name: path.slice('/rpc/'.length),
        description: (operation?.description ?? operation?.summary ?? '').trim(),
        args: operations.post ? argumentsOf(operations.post, 'post') : argumentsOf(operations.get, 'get'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function parseOpenApi(doc: unknown): DocsSource {
  if (!isObject(doc)) return { tables: [], functions: [] };
  const typed = doc as OpenApiDocument;
  return { tables: tablesOf(typed), functions: functionsOf(typed) };
}
