/** The function editor's values, validation and payloads (pure). */
import type { FunctionBehavior, FunctionCreate, FunctionUpdate, PgFunction } from '../../../data/pg-meta/types.ts';
import { identifierProblem } from '../tables/table-form.ts';

export interface FunctionArgValues { key: string; name: string; type: string }

export interface FunctionFormValues {
  name: string;
  args: FunctionArgValues[];
  returnType: string;
  language: string;
  behavior: FunctionBehavior;
  securityDefiner: boolean;
  definition: string;
  comment: string;
}

let nextKey = 0;
export const newArg = (name = '', type = ''): FunctionArgValues => ({ key: `arg-${(nextKey += 1)}`, name, type });

export const EMPTY_FUNCTION: FunctionFormValues = {
  name: '', args: [], returnType: 'void', language: 'plpgsql', behavior: 'VOLATILE', securityDefiner: false,
  definition: 'begin\n\nend;', comment: '',
};

export function formFromFunction(fn: PgFunction): FunctionFormValues {
  return {
    name: fn.name,
    // Only input arguments are part of the signature the editor changes.
    args: fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic').map((a) => newArg(a.name, a.type)),
    returnType: fn.return_type,
    language: fn.language,
    behavior: fn.behavior,
    securityDefiner: fn.security_definer,
    definition: fn.definition,
    comment: fn.comment ?? '',
  };
}

export function functionProblem(values: FunctionFormValues): string | null {
  const name = identifierProblem(values.name, 'function name');
  if (name) return name;
  for (const arg of values.args) {
    if (arg.type.trim() === '') return `Please provide a type for the argument "${arg.name || '(unnamed)'}"`;
    if (arg.name) {
      const argName = identifierProblem(arg.name, 'argument name');
      if (argName) return argName;
    }
  }
  if (values.returnType.trim() === '') return 'Please provide a return type';
  if (values.definition.trim() === '') return 'Please provide the definition of the function';
  return null;
}

const argsOf = (values: FunctionFormValues) => values.args.map((a) => ({ ...(a.name ? { name: a.name } : {}), type: a.type.trim() }));

export function functionCreateBody(values: FunctionFormValues, schema: string): FunctionCreate {
  return {
    schema, name: values.name, args: argsOf(values), return_type: values.returnType.trim(), language: values.language,
    definition: values.definition, behavior: values.behavior, security_definer: values.securityDefiner,
    comment: values.comment.trim() || null,
  };
}

export function functionChanges(original: PgFunction, values: FunctionFormValues): FunctionUpdate {
  const before = formFromFunction(original);
  const changes: FunctionUpdate = {};
  if (values.name !== original.name) changes.name = values.name;
  if (JSON.stringify(argsOf(values)) !== JSON.stringify(argsOf(before))) changes.args = argsOf(values);
  if (values.returnType.trim() !== original.return_type) changes.return_type = values.returnType.trim();
  if (values.language !== original.language) changes.language = values.language;
  if (values.behavior !== original.behavior) changes.behavior = values.behavior;
  if (values.securityDefiner !== original.security_definer) changes.security_definer = values.securityDefiner;
  if (values.definition !== original.definition) changes.definition = values.definition;
  if (values.comment.trim() !== (original.comment ?? '')) changes.comment = values.comment.trim() || null;
  return changes;
}
