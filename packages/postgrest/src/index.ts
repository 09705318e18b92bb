/**
 * @plinth/postgrest: PostgREST's URL grammar and headers -> one parameterised SQL statement. Pure:
 * schema knowledge comes in as data (see schema.ts) and the caller runs the statement.
 */
export { PostgrestError, statusForSqlState, type PostgrestErrorBody } from './errors.ts';
export { quoteIdent, qualified } from './ident.ts';
export { indexSchema, type Column, type DbFunction, type ForeignKey, type FunctionArg, type Relation, type SchemaData, type SchemaIndex } from './schema.ts';
export { planRequest, type ApiConfig, type ApiRequest, type Plan, type StatementPlan } from './plan.ts';
export { presentResult, type HttpResult, type Presentation, type RunResult } from './present.ts';
export { buildOpenApi, type OpenApiOptions } from './openapi.ts';
export { parseSelect, type SelectItem } from './parse/select.ts';
export { parseFilterValue, parseLogicTree, parseOrder, type Condition, type Filter } from './parse/filter.ts';
export { parseQuery } from './parse/query.ts';
export { negotiateMedia, parsePrefer, parseRange } from './parse/headers.ts';
