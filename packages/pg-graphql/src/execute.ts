/**
 * One GraphQL request against a built schema: graphql-js parses, validates, answers introspection and
 * shapes the result; each top-level field is compiled to one SQL statement and run through `query`
 * (the caller's transaction). Below the top level, fields only read the compiled JSON by response key.
 * As pg_graphql does, a request that fails anywhere answers `{data: null, errors: [{message}]}`.
 */
import {
  execute, GraphQLError, Kind, parse, validate, type DocumentNode, type FragmentDefinitionNode, type GraphQLFieldResolver,
  type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import type { Query } from './catalog.ts';
import type { CompileContext } from './compile.ts';
import { GraphqlRequestError } from './errors.ts';
import type { Model } from './model.ts';
import { compileRoot, rootOf } from './root.ts';

export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlResponse {
  data: Record<string, unknown> | null;
  errors?: { message: string }[];
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  model: Model;
}

/** Errors from the database that are the client's to read (SQLSTATE classes other than system faults). */
export interface DatabaseErrorLike { code?: unknown; message: string }

const fail = (...messages: string[]): GraphqlResponse => ({ data: null, errors: messages.map((message) => ({ message })) });

/** Whether an error's message may be shown: request mistakes and SQL errors, not programming faults. */
function isClientFacing(error: unknown): boolean {
  if (error instanceof GraphqlRequestError || error instanceof GraphQLError) return true;
  const code = (error as DatabaseErrorLike | undefined)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(XX|58|53|57)/.test(code);
}

/** Parses and validates: the operation to run, or the errors to answer with. */
export function prepare(schema: GraphQLSchema, request: GraphqlRequest): { document: DocumentNode; operation: OperationDefinitionNode } | GraphqlResponse {
  if (typeof request.query !== 'string' || request.query.trim() === '') return fail('Unknown query');
  let document: DocumentNode;
  try {
    document = parse(request.query, { maxTokens: 20_000 });
  } catch (error) {
    return fail((error as GraphQLError).message);
  }
  const errors = validate(schema, document);
  if (errors.length) return fail(...errors.map((e) => e.message));
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const name = typeof request.operationName === 'string' && request.operationName !== '' ? request.operationName : null;
  const operation = name ? operations.find((o) => o.name?.value === name) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) return fail(name ? `Unknown operation named "${name}".` : 'Must provide operation name if query contains multiple operations.');
  if (operation.operation === 'subscription') return fail('Subscriptions are not supported');
  return { document, operation };
}

export const isMutation = (prepared: ReturnType<typeof prepare>) => 'operation' in prepared && prepared.operation.operation === 'mutation';

/**
 * Runs a prepared operation. `query` runs inside the caller's transaction; a response with errors
 * means the caller must roll back (for a mutation: nothing it wrote stays).
 */
export async function run(built: BuiltSchema, request: GraphqlRequest, prepared: { document: DocumentNode; operation: OperationDefinitionNode }, query: Query, log?: (error: unknown) => void): Promise<GraphqlResponse> {
  const mutation = prepared.operation.operation === 'mutation';
  let failed = false;
  const rootResolver: GraphQLFieldResolver<unknown, unknown> = async (_source, args, _context, info) => {
    // After a failed statement the transaction only answers "aborted": later fields are not run.
    if (failed) throw new GraphqlRequestError('');
    const fragments: Record<string, FragmentDefinitionNode> = info.fragments;
    const ctx: CompileContext = { schema: built.schema, model: built.model, fragments, variables: info.variableValues, params: [], aliases: 0 };
    const root = rootOf(ctx, info.fieldName, mutation);
    if (!root) throw new GraphqlRequestError(`Unknown field "${info.fieldName}"`);
    try {
      const compiled = compileRoot(ctx, root, [...info.fieldNodes], args);
      const { rows } = await query<{ result: unknown }>(compiled.sql, compiled.params);
      const raw = rows[0]?.result ?? null;
      const result = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
      if (compiled.atMost && result && (result.__affected as number) > compiled.atMost.limit) throw new GraphqlRequestError(compiled.atMost.message);
      return result;
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const result = await execute({
    schema: built.schema,
    document: prepared.document,
    operationName: prepared.operation.name?.value,
    variableValues: (request.variables && typeof request.variables === 'object' ? request.variables : {}) as Record<string, unknown>,
    fieldResolver: (source, args, context, info) => {
      if (info.path.prev === undefined) return rootResolver(source, args, context, info);
      return (source as Record<string, unknown> | null)?.[info.path.key as string];
    },
  });
  if (!result.errors?.length) return { data: (result.data ?? null) as Record<string, unknown> | null };
  const messages = result.errors
    .map((e) => e.originalError ?? e)
    .filter((e) => e.message !== '')
    .map((e) => {
      if (isClientFacing(e)) return e.message;
      log?.(e);
      return 'Internal server error';
    });
  return fail(...(messages.length ? messages : ['Internal server error']));
}

/** The whole request: validation errors answer at once; otherwise `transaction` wraps the run. */
export async function executeGraphql(
  built: BuiltSchema,
  request: GraphqlRequest,
  transaction: (isMutation: boolean, fn: (query: Query) => Promise<GraphqlResponse>) => Promise<GraphqlResponse>,
  log?: (error: unknown) => void,
): Promise<GraphqlResponse> {
  const prepared = prepare(built.schema, request);
  if (!('operation' in prepared)) return prepared;
  return transaction(isMutation(prepared), (query) => run(built, request, prepared, query, log));
}
