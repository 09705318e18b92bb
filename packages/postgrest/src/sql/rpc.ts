/** Choosing the function a /rpc call means, and calling it with its arguments from one JSON parameter. */
import { PostgrestError } from '../errors.ts';
import { qualified, quoteIdent as q } from '../ident.ts';
import type { Params } from '../params.ts';
import type { DbFunction, Relation, SchemaIndex } from '../schema.ts';

export interface FunctionChoice {
  fn: DbFunction;
  /** The whole body is the one json/jsonb argument (unnamed, or Prefer: params=single-object). */
  isSingleObject: boolean;
}

const isJsonType = (type: string) => type === 'json' || type === 'jsonb';

export function chooseFunction(
  schema: SchemaIndex, schemaName: string, name: string, argNames: string[], options: { isPost: boolean; isSingleObjectPreferred: boolean },
): FunctionChoice {
  const candidates = schema.functions(schemaName, name);
  if (options.isSingleObjectPreferred) {
    const single = candidates.filter((fn) => fn.args.length === 1 && isJsonType(fn.args[0].castType));
    if (single.length === 1) return { fn: single[0], isSingleObject: true };
  }
  const matching = candidates.filter((fn) =>
    argNames.every((arg) => fn.args.some((a) => a.name === arg))
    && fn.args.every((a) => a.hasDefault || argNames.includes(a.name))
    && fn.args.every((a) => a.name !== ''));
  if (matching.length === 1) return { fn: matching[0], isSingleObject: false };
  if (matching.length > 1) {
    throw new PostgrestError(300, 'PGRST203', `Could not choose the best candidate function between: ${matching.map((fn) => signature(fn)).join(', ')}`, null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  const unnamedJson = candidates.filter((fn) => fn.args.length === 1 && fn.args[0].name === '' && isJsonType(fn.args[0].castType));
  if (options.isPost && unnamedJson.length === 1) return { fn: unnamedJson[0], isSingleObject: true };
  const listed = argNames.join(', ');
  throw new PostgrestError(
    404,
    'PGRST202',
    `Could not find the function ${schemaName}.${name}${argNames.length ? `(${listed})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schemaName}.${name}${argNames.length ? ` with parameters ${listed}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    candidates.length ? `Perhaps you meant to call the function ${signature(candidates[0])}` : null,
  ).cacheMiss();
}

function signature(fn: DbFunction): string {
  return `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.castType}`).join(', ')})`;
}

/**
 * The call as a FROM item (without alias): a subquery whose rows are the function's rows. A scalar
 * result is one column named "pgrst_call".
 */
export function callSql(choice: FunctionChoice, argsJson: string, argNames: string[], params: Params): string {
  const { fn } = choice;
  const name = qualified(fn.schema, fn.name);
  if (choice.isSingleObject) {
    return `(select "pgrst_call".* from ${name}(${params.add(argsJson, fn.args[0].castType)}) as "pgrst_call")`;
  }
  const used = fn.args.filter((a) => argNames.includes(a.name));
  if (used.length === 0) return `(select "pgrst_call".* from ${name}() as "pgrst_call")`;
  // jsonb_to_record types each argument by the function's own parameter types (catalog text).
  const definition = used.map((a) => `${q(a.name)} ${a.castType}`).join(', ');
  const call = used.map((a) => `${a.isVariadic ? 'variadic ' : ''}${q(a.name)} := "pgrst_args".${q(a.name)}`).join(', ');
  return `(select "pgrst_call".* from jsonb_to_record(${params.add(argsJson, 'jsonb')}) as "pgrst_args"(${definition}), lateral ${name}(${call}) as "pgrst_call")`;
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
