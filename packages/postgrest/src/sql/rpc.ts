/** Calling the chosen function with its arguments, and the relation its composite rows are read as. */
import { qualified, quoteIdent as q } from '../ident.ts';
import type { Params } from '../params.ts';
import type { FunctionChoice } from '../rpc-function.ts';
import type { DbFunction, Relation, SchemaIndex } from '../schema.ts';

export interface CallArguments {
  /** The named arguments as one JSON object. */
  json: string;
  /** The body as it came, for a function whose one parameter takes it whole. */
  whole: string | Uint8Array;
  keys: string[];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A whole body bound as text; for bytea in its hex input form, so binary bodies arrive byte for byte. */
function wholeValue(whole: string | Uint8Array, type: string): string {
  if (type !== 'bytea') return typeof whole === 'string' ? whole : new TextDecoder().decode(whole);
  const bytes = typeof whole === 'string' ? new TextEncoder().encode(whole) : whole;
  let hex = '\\x';
  for (const byte of bytes) hex += HEX[byte];
  return hex;
}

/**
 * The call as a query for `with "pgrst_source" as (...)`, so the function runs once however often
 * the statement reads its rows (rows and count). A scalar result is one column named "pgrst_call".
 */
export function callSql(choice: FunctionChoice, args: CallArguments, params: Params): string {
  const { fn } = choice;
  const name = qualified(fn.schema, fn.name);
  if (choice.isPositional) {
    const type = fn.args[0].castType;
    return `select "pgrst_call".* from ${name}(${params.add(wholeValue(args.whole, type), type)}) as "pgrst_call"`;
  }
  const used = fn.args.filter((a) => args.keys.includes(a.name));
  if (used.length === 0) return `select "pgrst_call".* from ${name}() as "pgrst_call"`;
  // jsonb_to_record types each argument by the function's own parameter types (catalog text).
  const definition = used.map((a) => `${q(a.name)} ${a.castType}`).join(', ');
  const call = used.map((a) => `${a.isVariadic ? 'variadic ' : ''}${q(a.name)} := "pgrst_args".${q(a.name)}`).join(', ');
  return `select "pgrst_call".* from jsonb_to_record(${params.add(args.json, 'jsonb')}) as "pgrst_args"(${definition}), lateral ${name}(${call}) as "pgrst_call"`;
}

/** The relation a composite result is filtered and embedded as: its table when it has one. */
export function resultRelation(schema: SchemaIndex, fn: DbFunction): Relation {
  if (fn.returnRelation) {
    const relation = schema.relation(fn.returnRelation.schema, fn.returnRelation.name);
    if (relation) return relation;
  }
  return {
    schema: fn.schema, name: fn.name, kind: 'function_result', columns: fn.returnColumns, primaryKey: [], uniqueKeys: [],
    description: null, insertable: false, updatable: false, deletable: false,
  };
}
