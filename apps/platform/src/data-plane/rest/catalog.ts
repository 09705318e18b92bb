/** Reads a project's schema cache from its catalogs (catalog.sql) into @plinth/postgrest's SchemaData. */
import { readFileSync } from 'node:fs';
import type { Column, DbFunction, FunctionArg, Relation, SchemaData } from '@plinth/postgrest';
import type { Database } from '../../engines/types.ts';

const CATALOG_SQL = readFileSync(new URL('./catalog.sql', import.meta.url), 'utf8');

interface RawRelation {
  schema: string; name: string; relkind: string; description: string | null; updatableMask: number;
  columns: Column[]; primaryKey: string[] | null; uniqueKeys: string[][];
}

interface RawFunction {
  schema: string; name: string; isSetof: boolean; volatility: 'i' | 's' | 'v';
  argNames: string[] | null; argModes: string[] | null; nargs: number; nargDefaults: number; isVariadic: boolean;
  argTypes: string[] | null; returnType: string; returnTyptype: string;
  returnRelation: { schema: string; name: string; relkind: string } | null;
  returnAttributes: { name: string; type: string }[] | null;
  description: string | null;
  rows: number;
  argRelation: { schema: string; name: string } | null;
}

interface RawCache {
  relations: RawRelation[];
  foreignKeys: SchemaData['foreignKeys'];
  viewSources: NonNullable<SchemaData['viewSources']>;
  functions: RawFunction[];
  roles: string[];
}

const KINDS: Record<string, Relation['kind']> = { r: 'table', v: 'view', m: 'materialized_view', f: 'foreign_table', p: 'partitioned_table' };

/** pg_relation_is_updatable bits: 4 UPDATE, 8 INSERT, 16 DELETE. */
function relationOf(raw: RawRelation): Relation {
  const isTable = raw.relkind === 'r' || raw.relkind === 'p';
  return {
    schema: raw.schema, name: raw.name, kind: KINDS[raw.relkind], columns: raw.columns,
    primaryKey: raw.primaryKey ?? [], uniqueKeys: raw.uniqueKeys, description: raw.description,
    insertable: isTable || (raw.updatableMask & 8) !== 0,
    updatable: isTable || (raw.updatableMask & 4) !== 0,
    deletable: isTable || (raw.updatableMask & 16) !== 0,
  };
}

function plainColumn(name: string, type: string): Column {
  const category = /\[\]$/.test(type) ? 'A' : /^(smallint|integer|bigint|numeric|real|double precision)$/.test(type) ? 'N' : type === 'boolean' ? 'B' : 'S';
  return { name, castType: type, declaredType: type, category, nullable: true, defaultSql: null, description: null, enumValues: null, maxLength: null };
}

function functionOf(raw: RawFunction): DbFunction {
  const types = raw.argTypes ?? [];
  const modes = raw.argModes ?? types.map(() => 'i');
  const names = raw.argNames ?? [];
  const inArgs: FunctionArg[] = [];
  const outColumns: Column[] = [];
  types.forEach((type, i) => {
    const mode = modes[i];
    if (mode === 'i' || mode === 'b' || mode === 'v') inArgs.push({ name: names[i] ?? '', castType: type, hasDefault: false, isVariadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push(plainColumn(names[i] ?? `column${i + 1}`, type));
  });
  // The last pronargdefaults input arguments have defaults.
  inArgs.forEach((arg, i) => { arg.hasDefault = i >= inArgs.length - raw.nargDefaults; });
  const isComposite = raw.returnTyptype === 'c' || (raw.returnType === 'record' && outColumns.length > 0);
  const relation = raw.returnRelation && raw.returnRelation.relkind !== 'c' ? { schema: raw.returnRelation.schema, name: raw.returnRelation.name } : null;
  return {
    schema: raw.schema, name: raw.name, args: inArgs, isSetof: raw.isSetof,
    returnKind: raw.returnType === 'void' ? 'void' : isComposite ? 'composite' : 'scalar',
    returnType: raw.returnType, returnRelation: relation,
    returnColumns: outColumns.length ? outColumns : (raw.returnAttributes ?? []).map((a) => plainColumn(a.name, a.type)),
    volatility: raw.volatility === 'i' ? 'immutable' : raw.volatility === 's' ? 'stable' : 'volatile',
    description: raw.description,
    rows: raw.rows,
    argRelation: raw.argRelation,
  };
}

export interface LoadedCatalog {
  data: SchemaData;
  /** Roles a JWT may name: those authenticator can become, superusers excluded. */
  roles: Set<string>;
}

export async function loadCatalog(db: Database, schemas: string[]): Promise<LoadedCatalog> {
  const raw = await db.transaction(async (tx) => {
    await tx.query(`select pg_catalog.set_config('search_path', 'pg_catalog', true)`);
    const { rows } = await tx.query<{ cache: RawCache | string }>(CATALOG_SQL, [schemas]);
    const cache = rows[0].cache;
    return (typeof cache === 'string' ? JSON.parse(cache) : cache) as RawCache;
  });
  return {
    data: { relations: raw.relations.map(relationOf), foreignKeys: raw.foreignKeys, viewSources: raw.viewSources, functions: raw.functions.map(functionOf) },
    roles: new Set(raw.roles),
  };
}
