/**
 * Which function a /rpc call means, by PostgREST's rules. The candidates are the overloads of the
 * name that the API can call; one matches when the argument names cover its required parameters and
 * name nothing else. Failing that, a POST falls back to a function with one unnamed parameter that
 * takes the whole body: json/jsonb for a JSON body, text for text/plain, xml for text/xml, bytea for
 * application/octet-stream. No match is PGRST202, several are PGRST203, both worded as PostgREST.
 */
import { PostgrestError } from './errors.ts';
import { closestName } from './fuzzy.ts';
import type { DbFunction, FunctionArg, SchemaIndex } from './schema.ts';

/** Where the arguments came from: the query string (GET/HEAD), a JSON or form body, or a raw body. */
export type ArgumentSource = 'query' | 'json' | 'form' | 'text' | 'xml' | 'binary';

export interface CallShape {
  source: ArgumentSource;
  /** The argument names given (JSON keys, form or query parameters); none for a raw body. */
  keys: string[];
  /** Prefer: params=single-object: the body is the one json/jsonb argument. */
  isSingleObject: boolean;
}

export interface FunctionChoice {
  fn: DbFunction;
  /** The body itself is the one argument (an unnamed parameter, or params=single-object). */
  isPositional: boolean;
}

/** The parameter type a body of each kind can fill on its own; the first names it in messages. */
const WHOLE_BODY_TYPES: Partial<Record<ArgumentSource, string[]>> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], binary: ['bytea'] };
const JSON_TYPES = ['json', 'jsonb'];
const isRawBody = (source: ArgumentSource) => source === 'text' || source === 'xml' || source === 'binary';

/**
 * The API calls functions whose parameters are all named, or that have one unnamed parameter a body
 * can fill; never trigger functions.
 */
function isCallable(fn: DbFunction): boolean {
  if (fn.returnType === 'trigger') return false;
  if (fn.args.every((a) => a.name !== '')) return true;
  return fn.args.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(fn.args[0].castType);
}

/** The names must be the required parameters, plus any of the optional ones. */
function matchesArguments(fn: DbFunction, call: CallShape): boolean {
  const params = fn.args;
  if (call.isSingleObject) return params.length === 1 && JSON_TYPES.includes(params[0].castType);
  if (params.length === 0) return call.keys.length === 0 && !isRawBody(call.source);
  const optional = new Set(params.filter((p) => p.hasDefault).map((p) => p.name));
  const required = params.filter((p) => !p.hasDefault).map((p) => p.name);
  const rest = new Set(call.keys.filter((k) => !optional.has(k)));
  return rest.size === required.length && required.every((name) => rest.has(name));
}

function takesWholeBody(fn: DbFunction, call: CallShape): boolean {
  const types = WHOLE_BODY_TYPES[call.source] ?? [];
  return call.source !== 'query' && fn.args.length === 1 && fn.args[0].name === '' && types.includes(fn.args[0].castType);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareNullable = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : compareText(a, b));

function compareArgs(a: FunctionArg[], b: FunctionArg[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    // Field by field as PostgREST compares parameters: name, type, required (false first), variadic.
    const c = compareText(x.name, y.name) || compareText(x.castType, y.castType)
      || Number(!x.hasDefault) - Number(!y.hasDefault) || Number(x.isVariadic) - Number(y.isVariadic);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** PostgREST's order of overloads (it lists ambiguous candidates in it): fewest parameters first. */
function compareOverloads(a: DbFunction, b: DbFunction): number {
  return a.args.length - b.args.length
    || compareNullable(a.description, b.description)
    || compareArgs(a.args, b.args)
    || Number(a.isSetof) - Number(b.isSetof)
    || Number(a.returnKind === 'composite') - Number(b.returnKind === 'composite')
    || compareText(a.returnType, b.returnType);
}

const signature = (fn: DbFunction) => `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.castType}`).join(', ')})`;

export function chooseFunction(schema: SchemaIndex, schemaName: string, name: string, call: CallShape): FunctionChoice {
  const overloads = schema.functions(schemaName, name).filter(isCallable).sort(compareOverloads);
  const matching = overloads.filter((fn) => matchesArguments(fn, call));
  const found = matching.length > 0 ? matching : overloads.filter((fn) => takesWholeBody(fn, call));
  if (found.length > 1) {
    throw new PostgrestError(300, 'PGRST203', `Could not choose the best candidate function between: ${found.map(signature).join(', ')}`, null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  if (found.length === 0) throw functionNotFound(schema, schemaName, name, call, overloads);
  const fn = found[0];
  return { fn, isPositional: fn.args.length === 1 && (call.isSingleObject || fn.args[0].name === '') };
}

function functionNotFound(schema: SchemaIndex, schemaName: string, name: string, call: CallShape, overloads: DbFunction[]): PostgrestError {
  const qualifiedName = `${schemaName}.${name}`;
  const keys = [...new Set(call.keys)].sort(compareText);
  const listed = keys.join(', ');
  if (isRawBody(call.source)) {
    const type = (WHOLE_BODY_TYPES[call.source] ?? [])[0];
    return new PostgrestError(404, 'PGRST202', `Could not find the function ${qualifiedName} in the schema cache`,
      `Searched for the function ${qualifiedName} with a single unnamed ${type} parameter, but no matches were found in the schema cache.`).cacheMiss();
  }
  const withKeys = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${listed}`;
  const orWholeBody = call.source === 'json' ? ' or with a single unnamed json/jsonb parameter' : '';
  return new PostgrestError(
    404,
    'PGRST202',
    `Could not find the function ${qualifiedName}${keys.length === 0 ? ' without parameters' : `(${listed})`} in the schema cache`,
    `Searched for the function ${qualifiedName}${withKeys}${orWholeBody}, but no matches were found in the schema cache.`,
    closeFunctionHint(schema, schemaName, name, keys, overloads),
  ).cacheMiss();
}

/**
 * A close function name when none has this one (strict: names are not given away for a guess), else
 * the closest parameter list among the overloads.
 */
function closeFunctionHint(schema: SchemaIndex, schemaName: string, name: string, keys: string[], overloads: DbFunction[]): string | null {
  if (overloads.length === 0) {
    const names = schema.allFunctions.filter((fn) => fn.schema === schemaName && isCallable(fn)).map((fn) => fn.name);
    const close = closestName(name, names, 0.75);
    return close === null ? null : `Perhaps you meant to call the function ${schemaName}.${close}`;
  }
  const asList = (names: string[]) => `(${[...names].sort(compareText).join(', ')})`;
  const close = closestName(asList(keys), overloads.map((fn) => asList(fn.args.map((a) => a.name))), 0.33);
  return close === null ? null : `Perhaps you meant to call the function ${schemaName}.${name}${close}`;
}
