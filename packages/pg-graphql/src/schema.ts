/**
 * The GraphQL schema in pg_graphql's shape, built with graphql-js from the named catalogue: per
 * table `<T>`, `<T>Edge`, `<T>Connection`, `<T>Filter`, `<T>OrderBy`, insert/update inputs and
 * mutation responses; `Query.<t>Collection`, `Query.node`, and `insertInto<T>Collection`,
 * `update<T>Collection`, `deleteFrom<T>Collection` where the role holds the privilege.
 * Values are produced by SQL (compile.ts); fields here only read them by response key.
 */
import {
  GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLInterfaceType,
  GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLScalarType, GraphQLSchema, GraphQLString, valueFromASTUntyped,
  type GraphQLFieldConfigMap, type GraphQLInputFieldConfigMap, type GraphQLInputType, type GraphQLOutputType,
} from 'graphql';
import type { FieldColumn, Model, ScalarName, TableModel } from './model.ts';

/** The key under which compiled SQL names a node's concrete type (for `Query.node`). */
export const TYPE_KEY = '__type';

function customScalar(name: string, description: string, serialize: (v: unknown) => unknown = (v) => v): GraphQLScalarType {
  return new GraphQLScalarType({
    name, description, serialize,
    parseValue: (v) => v,
    parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
  });
}

const asString = (v: unknown) => (v === null || v === undefined ? v : String(v));
/** JSON arrives as its text; a client may also send an object, stored as given. */
const jsonText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

const SCALAR_TYPES = {
  Int: GraphQLInt, Float: GraphQLFloat, String: GraphQLString, Boolean: GraphQLBoolean,
  BigInt: customScalar('BigInt', 'An arbitrary size integer represented as a string', asString),
  BigFloat: customScalar('BigFloat', 'A high precision floating point value represented as a string', asString),
  UUID: customScalar('UUID', 'A universally unique identifier'),
  JSON: new GraphQLScalarType({
    name: 'JSON', description: 'A Javascript Object Notation value serialized as a string',
    serialize: (v) => v, parseValue: jsonText, parseLiteral: (ast, variables) => jsonText(valueFromASTUntyped(ast, variables)),
  }),
  Date: customScalar('Date', 'A date without time information'),
  Time: customScalar('Time', 'A time without date information'),
  Datetime: customScalar('Datetime', 'A date and time'),
  Opaque: customScalar('Opaque', 'Any type not handled by the type system'),
} satisfies Record<ScalarName, GraphQLScalarType>;

const Cursor = customScalar('Cursor', 'An opaque string using for tracking a position in results during pagination');

const OrderByDirection = new GraphQLEnumType({
  name: 'OrderByDirection',
  description: 'Defines a per-field sorting order',
  values: {
    AscNullsFirst: { description: 'Ascending order, nulls first' },
    AscNullsLast: { description: 'Ascending order, nulls last' },
    DescNullsFirst: { description: 'Descending order, nulls first' },
    DescNullsLast: { description: 'Descending order, nulls last' },
  },
});

const FilterIs = new GraphQLEnumType({ name: 'FilterIs', values: { NULL: {}, NOT_NULL: {} } });

const ORDERED = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is'];
const FILTER_OPERATORS: Partial<Record<ScalarName, string[]>> = {
  Int: ORDERED, BigInt: ORDERED, Float: ORDERED, BigFloat: ORDERED, Date: ORDERED, Time: ORDERED, Datetime: ORDERED,
  String: [...ORDERED, 'startsWith', 'like', 'ilike', 'regex', 'iregex'],
  Boolean: ['eq', 'is'],
  UUID: ['eq', 'neq', 'in', 'is'],
  Opaque: ['eq', 'is'],
};

function filterType(scalar: ScalarName): GraphQLInputObjectType {
  const base = SCALAR_TYPES[scalar];
  const fields: GraphQLInputFieldConfigMap = {};
  for (const op of FILTER_OPERATORS[scalar] ?? []) {
    fields[op] = { type: op === 'is' ? FilterIs : op === 'in' ? new GraphQLList(new GraphQLNonNull(base)) : base };
  }
  return new GraphQLInputObjectType({ name: `${scalar}Filter`, description: `Boolean expression comparing fields on type "${scalar}"`, fields });
}

const FILTERS = new Map((Object.keys(FILTER_OPERATORS) as ScalarName[]).map((s) => [s, filterType(s)]));
const IDFilter = new GraphQLInputObjectType({ name: 'IDFilter', description: 'Boolean expression comparing fields on type "ID"', fields: { eq: { type: GraphQLID } } });

const PageInfo = new GraphQLObjectType({
  name: 'PageInfo',
  fields: {
    endCursor: { type: GraphQLString },
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
    startCursor: { type: GraphQLString },
  },
});

export const NodeInterface = new GraphQLInterfaceType({
  name: 'Node',
  fields: { nodeId: { type: new GraphQLNonNull(GraphQLID), description: 'Retrieves a record by `ID`' } },
  resolveType: (value: Record<string, unknown>) => value[TYPE_KEY] as string,
});

/** Filtering on JSON and array columns is not offered (as in pg_graphql). */
export const filterable = (c: FieldColumn) => !c.column.isArray && FILTERS.has(c.scalar);

function columnType(c: FieldColumn): GraphQLOutputType & GraphQLInputType {
  const scalar = SCALAR_TYPES[c.scalar];
  return c.column.isArray ? new GraphQLList(scalar) : scalar;
}

interface TableTypes {
  node: GraphQLObjectType;
  connection: GraphQLObjectType;
  filter: GraphQLInputObjectType;
  orderBy: GraphQLInputObjectType;
}

function collectionArgs(types: TableTypes) {
  return {
    first: { type: GraphQLInt, description: 'Query the first `n` records in the collection' },
    last: { type: GraphQLInt, description: 'Query the last `n` records in the collection' },
    before: { type: Cursor, description: 'Query values in the collection before the provided cursor' },
    after: { type: Cursor, description: 'Query values in the collection after the provided cursor' },
    offset: { type: GraphQLInt, description: 'Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.' },
    filter: { type: types.filter, description: 'Filters to apply to the results set when querying from the collection' },
    orderBy: { type: new GraphQLList(new GraphQLNonNull(types.orderBy)), description: 'Sort order to apply to the collection' },
  };
}

export function buildSchema(model: Model): GraphQLSchema {
  const types = new Map<TableModel, TableTypes>();
  for (const t of model.tables) {
    const node: GraphQLObjectType = new GraphQLObjectType({
      name: t.typeName,
      interfaces: [NodeInterface],
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = {
          nodeId: { type: new GraphQLNonNull(GraphQLID), description: 'Globally Unique Record Identifier' },
        };
        for (const c of t.columns) {
          const type = columnType(c);
          fields[c.field] = { type: c.column.notNull && t.table.kind === 'table' ? new GraphQLNonNull(type) : type };
        }
        for (const r of t.relationships) {
          const target = types.get(r.target)!;
          fields[r.field] = r.kind === 'one' ? { type: target.node } : { type: target.connection, args: collectionArgs(target) };
        }
        return fields;
      },
    });
    const edge = new GraphQLObjectType({
      name: `${t.typeName}Edge`,
      fields: { cursor: { type: new GraphQLNonNull(GraphQLString) }, node: { type: new GraphQLNonNull(node) } },
    });
    const connection = new GraphQLObjectType({
      name: `${t.typeName}Connection`,
      fields: {
        edges: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))) },
        pageInfo: { type: new GraphQLNonNull(PageInfo) },
        totalCount: { type: new GraphQLNonNull(GraphQLInt), description: 'The total number of records matching the `filter` criteria' },
      },
    });
    const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${t.typeName}Filter`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = { nodeId: { type: IDFilter } };
        for (const c of t.columns) if (filterable(c)) fields[c.field] = { type: FILTERS.get(c.scalar)! };
        fields.and = { type: new GraphQLList(new GraphQLNonNull(filter)), description: 'Returns true only if all its inner filters are true, otherwise returns false' };
        fields.or = { type: new GraphQLList(new GraphQLNonNull(filter)), description: 'Returns true if at least one of its inner filters is true, otherwise returns false' };
        fields.not = { type: filter, description: 'Negates a filter' };
        return fields;
      },
    });
    const orderBy = new GraphQLInputObjectType({
      name: `${t.typeName}OrderBy`,
      fields: Object.fromEntries(t.columns.filter(filterable).map((c) => [c.field, { type: OrderByDirection }])),
    });
    types.set(t, { node, connection, filter, orderBy });
  }

  const query: GraphQLFieldConfigMap<unknown, unknown> = {
    node: { type: NodeInterface, description: 'Retrieve a record by its `ID`', args: { nodeId: { type: new GraphQLNonNull(GraphQLID), description: 'The record\'s `ID`' } } },
  };
  const mutation: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const t of model.tables) {
    const tt = types.get(t)!;
    query[t.collectionField] = { type: tt.connection, description: `A pagable collection of type \`${t.typeName}\``, args: collectionArgs(tt) };
    const response = (kind: string) => new GraphQLObjectType({
      name: `${t.typeName}${kind}Response`,
      fields: {
        affectedCount: { type: new GraphQLNonNull(GraphQLInt), description: 'Count of the records impacted by the mutation' },
        records: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(tt.node))), description: 'Array of records impacted by the mutation' },
      },
    });
    const inputOf = (kind: 'Insert' | 'Update', can: (c: FieldColumn) => boolean) => new GraphQLInputObjectType({
      name: `${t.typeName}${kind}Input`,
      fields: Object.fromEntries(t.columns.filter((c) => can(c) && !c.column.isGenerated).map((c) => [c.field, { type: columnType(c) }])),
    });
    const atMost = { type: new GraphQLNonNull(GraphQLInt), defaultValue: 1, description: 'The maximum number of records in the collection permitted to be affected' };
    const filterArg = { type: tt.filter, description: 'Restricts the mutation\'s impact to records matching the criteria' };
    const insertable = t.columns.filter((c) => c.column.canInsert && !c.column.isGenerated);
    const updatable = t.columns.filter((c) => c.column.canUpdate && !c.column.isGenerated);
    if (t.table.canInsert && insertable.length > 0) {
      mutation[`insertInto${t.typeName}Collection`] = {
        type: response('Insert'), description: `Adds one or more \`${t.typeName}\` records to the collection`,
        args: { objects: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(inputOf('Insert', (c) => c.column.canInsert)))) } },
      };
    }
    if (t.table.canUpdate && updatable.length > 0) {
      mutation[`update${t.typeName}Collection`] = {
        type: new GraphQLNonNull(response('Update')), description: 'Updates zero or more records in the collection',
        args: { set: { type: new GraphQLNonNull(inputOf('Update', (c) => c.column.canUpdate)), description: 'Fields that are set will be updated for all records matching the `filter`' }, filter: filterArg, atMost },
      };
    }
    if (t.table.canDelete) {
      mutation[`deleteFrom${t.typeName}Collection`] = {
        type: new GraphQLNonNull(response('Delete')), description: 'Deletes zero or more records from the collection',
        args: { filter: filterArg, atMost },
      };
    }
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', description: 'The root type for querying data', fields: query }),
    mutation: Object.keys(mutation).length ? new GraphQLObjectType({ name: 'Mutation', description: 'The root type for creating and mutating data', fields: mutation }) : undefined,
    types: [...types.values()].map((t) => t.node),
  });
}
