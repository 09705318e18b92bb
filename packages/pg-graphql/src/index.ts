/** pg_graphql's HTTP API without the extension: catalogue -> GraphQL schema, GraphQL operation -> SQL. Pure: I/O goes through a `query` function. */
import { buildModel } from './model.ts';
import { buildSchema } from './schema.ts';
import type { Catalog } from './catalog.ts';
import type { BuiltSchema } from './execute.ts';

export { catalogVersion, loadCatalog, type Catalog, type Query } from './catalog.ts';
export { executeGraphql, type BuiltSchema, type GraphqlRequest, type GraphqlResponse } from './execute.ts';
export { GraphqlRequestError } from './errors.ts';

export function buildGraphqlSchema(catalog: Catalog): BuiltSchema {
  const model = buildModel(catalog);
  return { model, schema: buildSchema(model) };
}
