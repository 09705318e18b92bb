/**
 * What the planner knows of a database: loaded by the caller from the catalogs (this package does no
 * I/O) and indexed once per load by `indexSchema`.
 */
export interface Column {
  name: string;
  /** SQL type to cast bound values to: the base type of a domain, schema-qualified unless builtin. */
  castType: string;
  /** Type as declared (domains by name), for the OpenAPI document. */
  declaredType: string;
  /** pg_type.typcategory: N numeric, B boolean, A array, S string, U user ... */
  category: string;
  nullable: boolean;
  /** Default expression from the catalog, null when there is none. */
  defaultSql: string | null;
  description: string | null;
  enumValues: string[] | null;
  maxLength: number | null;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table' | 'function_result';
  columns: Column[];
  primaryKey: string[];
  uniqueKeys: string[][];
  description: string | null;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  castType: string;
  hasDefault: boolean;
  isVariadic: boolean;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  isSetof: boolean;
  /** scalar: one value per row; composite: rows with columns; void: nothing. */
  returnKind: 'scalar' | 'composite' | 'void';
  returnType: string;
  /** For a composite result: the table or view it is the row type of, when there is one. */
  returnRelation: { schema: string; name: string } | null;
  /** For a composite result: its columns (OUT/TABLE parameters or the composite type's attributes). */
  returnColumns: Column[];
  volatility: 'immutable' | 'stable' | 'volatile';
  description: string | null;
  /**
   * For a function of exactly one argument whose type is a table's or view's row type: that relation.
   * Such a function is a computed field of it (scalar result) or a computed relationship (row result).
   */
  argRelation?: { schema: string; name: string } | null;
  /** The planner's row estimate (ROWS) of a set-returning function: 1 makes a computed relationship to-one. */
  rows?: number | null;
}

/** A view column showing a base-table column of the same name. */
export interface ViewSource {
  schema: string;
  view: string;
  column: string;
  sourceSchema: string;
  sourceTable: string;
}

export interface SchemaData {
  relations: Relation[];
  foreignKeys: ForeignKey[];
  functions: DbFunction[];
  /** Lets foreign keys of tables relate the views over them too (embedding from and to views). */
  viewSources?: ViewSource[];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** One way to embed `target` from `source`. Column pairs are (source column, target column). */
export interface Relationship {
  cardinality: Cardinality;
  source: Relation;
  target: Relation;
  constraint: string;
  /** Direct: source.col = target.col pairs. */
  pairs: [string, string][];
  /** Many-to-many: the junction table and its pairs to each side (junction column, side column). */
  junction: { relation: Relation; constraint: string; sourcePairs: [string, string][]; targetPairs: [string, string][] } | null;
  /** Computed relationship: the function called with the source row (no pairs, no junction). */
  computed: DbFunction | null;
}

export interface SchemaIndex {
  relation(schema: string, name: string): Relation | undefined;
  functions(schema: string, name: string): DbFunction[];
  relationshipsFrom(relation: Relation): Relationship[];
  /** A computed field: a function of the relation's row type returning a value, selectable like a column. */
  computedField(relation: Relation, name: string): DbFunction | undefined;
  relations: Relation[];
  allFunctions: DbFunction[];
  foreignKeys: ForeignKey[];
}

const key = (schema: string, name: string) => `${schema}\u0000${name}`;
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));
const pairs = (left: string[], right: string[]): [string, string][] => left.map((c, i) => [c, right[i]]);

function isUnique(relation: Relation, columns: string[]): boolean {
  return sameSet(relation.primaryKey, columns) || relation.uniqueKeys.some((u) => sameSet(u, columns));
}

/**
 * Foreign keys as seen through views: a view showing all of a key's columns (by name, each from the
 * key's table) takes part in the relationship in the table's place.
 */
function viewForeignKeys(foreignKeys: ForeignKey[], sources: ViewSource[]): ForeignKey[] {
  const views = new Map<string, { schema: string; view: string; columns: Map<string, string[]> }>();
  for (const s of sources) {
    const k = key(s.schema, s.view);
    const entry = views.get(k) ?? { schema: s.schema, view: s.view, columns: new Map<string, string[]>() };
    entry.columns.set(s.column, [...(entry.columns.get(s.column) ?? []), key(s.sourceSchema, s.sourceTable)]);
    views.set(k, entry);
  }
  const showing = (table: string, columns: string[]) =>
    [...views.values()].filter((v) => columns.every((c) => v.columns.get(c)?.length === 1 && v.columns.get(c)?.[0] === table));
  const derived: ForeignKey[] = [];
  for (const fk of foreignKeys) {
    const froms = [{ schema: fk.schema, table: fk.table }, ...showing(key(fk.schema, fk.table), fk.columns).map((v) => ({ schema: v.schema, table: v.view }))];
    const tos = [{ schema: fk.refSchema, table: fk.refTable }, ...showing(key(fk.refSchema, fk.refTable), fk.refColumns).map((v) => ({ schema: v.schema, table: v.view }))];
    for (const from of froms) {
      for (const to of tos) {
        if (from.table === fk.table && from.schema === fk.schema && to.table === fk.refTable && to.schema === fk.refSchema) continue;
        derived.push({ ...fk, schema: from.schema, table: from.table, refSchema: to.schema, refTable: to.table });
      }
    }
  }
  return derived;
}

export function indexSchema(data: SchemaData): SchemaIndex {
  const relations = new Map(data.relations.map((r) => [key(r.schema, r.name), r]));
  const functions = new Map<string, DbFunction[]>();
  for (const fn of data.functions) {
    const k = key(fn.schema, fn.name);
    functions.set(k, [...(functions.get(k) ?? []), fn]);
  }
  const rels = new Map<Relation, Relationship[]>();
  const push = (r: Relationship) => rels.set(r.source, [...(rels.get(r.source) ?? []), r]);
  const resolved = [...data.foreignKeys, ...viewForeignKeys(data.foreignKeys, data.viewSources ?? [])]
    .map((fk) => ({ fk, from: relations.get(key(fk.schema, fk.table)), to: relations.get(key(fk.refSchema, fk.refTable)) }))
    .filter((x): x is { fk: ForeignKey; from: Relation; to: Relation } => !!x.from && !!x.to);
  for (const { fk, from, to } of resolved) {
    const oneToOne = isUnique(from, fk.columns);
    push({ cardinality: oneToOne ? 'one-to-one' : 'many-to-one', source: from, target: to, constraint: fk.name, pairs: pairs(fk.columns, fk.refColumns), junction: null, computed: null });
    push({ cardinality: oneToOne ? 'one-to-one' : 'one-to-many', source: to, target: from, constraint: fk.name, pairs: pairs(fk.refColumns, fk.columns), junction: null, computed: null });
  }
  // Many-to-many: a junction table whose two foreign keys are both part of its primary key.
  const byJunction = new Map<Relation, typeof resolved>();
  for (const r of resolved) {
    if (r.fk.columns.every((c) => r.from.primaryKey.includes(c))) byJunction.set(r.from, [...(byJunction.get(r.from) ?? []), r]);
  }
  for (const [junction, fks] of byJunction) {
    for (const a of fks) {
      for (const b of fks) {
        if (a === b) continue;
        push({
          cardinality: 'many-to-many', source: a.to, target: b.to, constraint: b.fk.name, pairs: [],
          junction: { relation: junction, constraint: a.fk.name, sourcePairs: pairs(a.fk.columns, a.fk.refColumns), targetPairs: pairs(b.fk.columns, b.fk.refColumns) },
          computed: null,
        });
      }
    }
  }
  const fields = addComputed(data.functions, relations, rels);
  return {
    relation: (schema, name) => relations.get(key(schema, name)),
    functions: (schema, name) => functions.get(key(schema, name)) ?? [],
    relationshipsFrom: (relation) => rels.get(relation) ?? [],
    computedField: (relation, name) => fields.get(relation)?.get(name),
    relations: data.relations,
    allFunctions: data.functions,
    foreignKeys: data.foreignKeys,
  };
}

/**
 * Functions of one row-type argument, as PostgREST reads them. Returning a table's or view's rows, one
 * is a computed relationship (to-one when not SETOF or declared ROWS 1) that replaces the foreign-key
 * relationships to a table of the same schema and name; returning anything else (not a set), it is a
 * computed field. Returns the computed fields by relation and name.
 */
function addComputed(fns: DbFunction[], relations: Map<string, Relation>, rels: Map<Relation, Relationship[]>): Map<Relation, Map<string, DbFunction>> {
  const fields = new Map<Relation, Map<string, DbFunction>>();
  for (const fn of fns) {
    const source = fn.argRelation ? relations.get(key(fn.argRelation.schema, fn.argRelation.name)) : undefined;
    if (!source) continue;
    const target = fn.returnKind === 'composite' && fn.returnRelation ? relations.get(key(fn.returnRelation.schema, fn.returnRelation.name)) : undefined;
    if (target) {
      const isToOne = !fn.isSetof || fn.rows === 1;
      const kept = (rels.get(source) ?? []).filter((r) => r.computed !== null || r.target.schema !== fn.schema || r.target.name !== fn.name);
      const computed: Relationship = { cardinality: isToOne ? 'many-to-one' : 'one-to-many', source, target, constraint: fn.name, pairs: [], junction: null, computed: fn };
      rels.set(source, [...kept, computed]);
    } else if (!fn.isSetof && fn.returnKind !== 'void') {
      const byName = fields.get(source) ?? new Map<string, DbFunction>();
      byName.set(fn.name, fn);
      fields.set(source, byName);
    }
  }
  return fields;
}

export function columnOf(relation: Relation, name: string): Column | undefined {
  return relation.columns.find((c) => c.name === name);
}
