/**
 * The catalogue named the way pg_graphql names it: SQL names taken literally unless the schema's
 * comment turns on `inflect_names` (snake_case -> PascalCase types, camelCase fields), overridden by
 * `@graphql({"name": ...})` on a table or column and `local_name`/`foreign_name` on a foreign key.
 * A name GraphQL cannot spell is left out rather than mangled.
 */
import type { Catalog, CatalogColumn, CatalogTable } from './catalog.ts';

export type ScalarName = 'Int' | 'BigInt' | 'Float' | 'BigFloat' | 'String' | 'Boolean' | 'UUID' | 'JSON' | 'Date' | 'Time' | 'Datetime' | 'Opaque';

export interface FieldColumn {
  field: string;
  column: CatalogColumn;
  scalar: ScalarName;
}

export interface Relationship {
  field: string;
  /** to-one: this table's columns point at the other's (or the other's unique columns point here). */
  kind: 'one' | 'many';
  target: TableModel;
  /** Pairs (column here, column there) that join the two. */
  pairs: [string, string][];
}

export interface TableModel {
  table: CatalogTable;
  typeName: string;
  collectionField: string;
  columns: FieldColumn[];
  relationships: Relationship[];
}

export interface Model {
  tables: TableModel[];
  byType: Map<string, TableModel>;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const RESERVED_FIELDS = new Set(['nodeId', '__typename']);

const pascal = (s: string) => s.split('_').filter(Boolean).map((p) => p[0].toUpperCase() + p.slice(1)).join('');
const camel = (s: string) => {
  const p = pascal(s);
  return p ? p[0].toLowerCase() + p.slice(1) : s;
};
export const lowerFirst = (s: string) => (s ? s[0].toLowerCase() + s.slice(1) : s);

const SCALARS: Record<string, ScalarName> = {
  int2: 'Int', int4: 'Int', int8: 'BigInt', float4: 'Float', float8: 'Float', numeric: 'BigFloat',
  text: 'String', varchar: 'String', bpchar: 'String', name: 'String', citext: 'String', bool: 'Boolean', uuid: 'UUID',
  json: 'JSON', jsonb: 'JSON', date: 'Date', time: 'Time', timetz: 'Time', timestamp: 'Datetime', timestamptz: 'Datetime',
};

/** pg_graphql's scalar for a column type; enums are text here (pg_graphql makes them GraphQL enums). */
export function scalarOf(column: CatalogColumn): ScalarName {
  if (column.isEnum) return 'String';
  return SCALARS[column.typeName] ?? 'Opaque';
}

function typeNameOf(table: CatalogTable): string {
  if (typeof table.directive.name === 'string') return table.directive.name;
  return table.inflect ? pascal(table.name) : table.name;
}

function fieldNameOf(table: CatalogTable, column: CatalogColumn): string {
  if (typeof column.directive.name === 'string') return column.directive.name;
  return table.inflect ? camel(column.name) : column.name;
}

/** The to-one field's name pg_graphql derives: the single key column without its `_id`/`Id`, else the target's type. */
function toOneName(table: CatalogTable, columns: string[], target: TableModel): string {
  if (columns.length === 1) {
    const name = table.inflect ? camel(columns[0]) : columns[0];
    const stripped = name.replace(/_id$|Id$/, '');
    if (stripped !== name && stripped !== '') return stripped;
  }
  return lowerFirst(target.typeName);
}

export function buildModel(catalog: Catalog): Model {
  const tables: TableModel[] = [];
  const byType = new Map<string, TableModel>();
  const byTable = new Map<string, TableModel>();
  for (const table of catalog.tables) {
    const typeName = typeNameOf(table);
    if (!NAME.test(typeName) || typeName.startsWith('__') || byType.has(typeName)) continue;
    const used = new Set<string>(RESERVED_FIELDS);
    const columns: FieldColumn[] = [];
    for (const column of table.columns) {
      const field = fieldNameOf(table, column);
      if (!column.canSelect || !NAME.test(field) || used.has(field)) continue;
      used.add(field);
      columns.push({ field, column, scalar: scalarOf(column) });
    }
    const model: TableModel = { table, typeName, collectionField: `${lowerFirst(typeName)}Collection`, columns, relationships: [] };
    tables.push(model);
    byType.set(typeName, model);
    byTable.set(`${table.schema}.${table.name}`, model);
  }
  // Relationships only between tables the role can see, over columns it can read on both sides.
  for (const model of tables) {
    const used = usedOf(model);
    const add = (owner: TableModel, rel: Relationship, ownerUsed: Set<string>) => {
      if (!NAME.test(rel.field) || ownerUsed.has(rel.field)) return;
      ownerUsed.add(rel.field);
      owner.relationships.push(rel);
    };
    for (const fk of model.table.foreignKeys) {
      const target = byTable.get(`${fk.refSchema}.${fk.refTable}`);
      if (!target) continue;
      const readable = (m: TableModel, cols: string[]) => cols.every((c) => m.columns.some((f) => f.column.name === c));
      if (!readable(model, fk.columns) || !readable(target, fk.refColumns)) continue;
      const pairs = fk.columns.map((c, i) => [c, fk.refColumns[i]] as [string, string]);
      const foreignName = typeof fk.directive.foreign_name === 'string' ? fk.directive.foreign_name : toOneName(model.table, fk.columns, target);
      add(model, { field: foreignName, kind: 'one', target, pairs }, used);
      const targetUsed = usedOf(target);
      const localName = typeof fk.directive.local_name === 'string'
        ? fk.directive.local_name
        : fk.isUnique ? lowerFirst(model.typeName) : model.collectionField;
      add(target, { field: localName, kind: fk.isUnique ? 'one' : 'many', target: model, pairs: pairs.map(([a, b]) => [b, a]) }, targetUsed);
    }
  }
  return { tables, byType };
}

const usedNames = new WeakMap<TableModel, Set<string>>();
function usedOf(model: TableModel): Set<string> {
  let used = usedNames.get(model);
  if (!used) {
    used = new Set([...RESERVED_FIELDS, ...model.columns.map((c) => c.field), ...model.relationships.map((r) => r.field)]);
    usedNames.set(model, used);
  }
  return used;
}
