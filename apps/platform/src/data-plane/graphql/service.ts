/**
 * One GraphQL request against one project (pg_graphql's `/graphql/v1`): the caller's schema from
 * the cache, then the whole operation in one transaction as the caller's role with its JWT claims
 * set (the REST runner's rest_begin_v1), so grants and RLS policies decide exactly as for REST.
 * Queries run read-only; a mutation that fails anywhere is rolled back as a whole.
 */
import { executeGraphql, type GraphqlRequest, type GraphqlResponse } from '@plinth/pg-graphql';
import { DatabaseError } from '../../engines/database-error.ts';
import type { Database } from '../../engines/types.ts';
import { installRunner } from '../rest/runner.ts';
import { graphqlSchemaFor } from './schema-cache.ts';

export interface GraphqlProject {
  db: Database;
  exposedSchemas: string[];
}

export interface GraphqlCaller {
  role: string;
  claims: Readonly<Record<string, unknown>>;
}

export interface GraphqlHooks {
  /** The database failed in a way that is not a SQL error (closed by a pause, unreachable). */
  onDatabaseLost(): void;
  log(error: unknown): void;
}

const CLAIM_NAME = /^[A-Za-z0-9_]+$/;
const installed = new WeakSet<Database>();

/** Thrown inside the transaction to roll it back while keeping the answer. */
class Rollback {
  constructor(readonly response: GraphqlResponse) {}
}

function settingsOf(project: GraphqlProject, caller: GraphqlCaller, headers: Record<string, unknown>, isMutation: boolean): string {
  const settings: Record<string, string> = {
    search_path: [...new Set([...project.exposedSchemas, 'public', 'extensions'])].map((s) => `"${s.replace(/"/g, '""')}"`).join(', '),
    'request.jwt.claims': JSON.stringify(caller.claims),
    'request.headers': JSON.stringify(headers),
    'request.method': 'POST',
    'request.path': '/graphql/v1',
  };
  // The settings older PostgREST versions set, one per claim, still read by some policies.
  for (const [name, value] of Object.entries(caller.claims)) {
    if (CLAIM_NAME.test(name)) settings[`request.jwt.claim.${name}`] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (!isMutation) settings.transaction_read_only = 'on';
  return JSON.stringify(settings);
}

export async function handleGraphqlRequest(
  project: GraphqlProject, caller: GraphqlCaller, request: GraphqlRequest, headers: Record<string, unknown>, hooks: GraphqlHooks,
): Promise<GraphqlResponse> {
  try {
    if (!installed.has(project.db)) {
      await installRunner(project.db);
      installed.add(project.db);
    }
    const built = await graphqlSchemaFor(project.db, project.exposedSchemas, caller.role);
    return await executeGraphql(built, request, async (isMutation, fn) => {
      try {
        return await project.db.transaction(async (tx) => {
          await tx.query('select _plinth.rest_begin_v1($1, $2)', [caller.role, settingsOf(project, caller, headers, isMutation)]);
          const response = await fn((sql, params) => tx.query(sql, params));
          if (response.errors) throw new Rollback(response);
          return response;
        });
      } catch (error) {
        if (error instanceof Rollback) return error.response;
        throw error;
      }
    }, hooks.log);
  } catch (error) {
    // A SQL error outside the operation (the role switch refused, a role that does not exist).
    if (error instanceof DatabaseError) return { data: null, errors: [{ message: error.message }] };
    hooks.onDatabaseLost();
    hooks.log(error);
    return { data: null, errors: [{ message: 'The project database is not reachable right now.' }] };
  }
}
