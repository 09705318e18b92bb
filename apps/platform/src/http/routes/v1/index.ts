import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ControlContext } from '../../../control/context.ts';
import { exportDatabase, importDatabase } from '../../../control/database-transfer.ts';
import * as apiKeys from '../../../control/api-keys.ts';
import * as management from '../../../control/management-api.ts';
import { applyMigration, listAppliedMigrations } from '../../../control/database-migrations.ts';
import { v1ProjectHealth } from '../../../control/project-health.ts';
import { projectTypes } from '../../../control/typescript-types.ts';
import { projectAuthConfig, updateProjectAuthConfig } from '../../../control/auth-config.ts';
import * as signingKeys from '../../../control/signing-keys.ts';
import * as sso from '../../../control/sso-providers.ts';
import * as edgeFunctions from '../../../control/edge-functions.ts';
import * as functionSecrets from '../../../control/function-secrets.ts';
import { functionBody } from '../../../control/function-source.ts';
import { queryLogs } from '../../../control/log-queries.ts';
import { projectRealtimeConfig, updateRealtimeConfig } from '../../../control/realtime-config.ts';
import { endpointRegistrar } from '../../define-endpoint.ts';
import { withinTokenOrganization } from '../../oauth-confinement.ts';
import type { ManagementVerifier } from '../../plugins/session.ts';
import { readFunctionUpload } from './function-upload.ts';

/**
 * The Management API at /api/v1, Supabase's v1 shapes: sessions and personal access tokens alike,
 * each endpoint's token scope declared in the contract (packages/api-contract/src/management.ts).
 */
export function managementRoutes(app: FastifyInstance, ctx: ControlContext, verifier: ManagementVerifier): void {
  const define = endpointRegistrar(app, verifier);

  // An OAuth app's token sees only its own organisation (http/oauth-confinement.ts).
  define('v1Organizations', ({ actor, caller }) => management.v1Organizations(ctx, actor).then(withinTokenOrganization(caller, (organization) => organization.id)));
  define('v1Projects', ({ actor, caller }) => management.v1Projects(ctx, actor).then(withinTokenOrganization(caller, (project) => project.organization_slug)));
  define('v1Organization', ({ actor, params }) => management.v1Organization(ctx, actor, params.slug));
  define('v1OrganizationCreate', ({ actor, body, reply }) => (reply.code(201), management.v1CreateOrganization(ctx, actor, body)));
  define('v1Project', ({ actor, params }) => management.v1Project(ctx, actor, params.ref));
  define('v1ProjectCreate', ({ actor, body, reply }) => (reply.code(201), management.v1CreateProject(ctx, actor, body)));
  define('v1ProjectDelete', ({ actor, params }) => management.v1DeleteProject(ctx, actor, params.ref));
  define('v1ProjectPause', ({ actor, params }) => management.v1PauseProject(ctx, actor, params.ref));
  define('v1ProjectRestore', ({ actor, params }) => management.v1RestoreProject(ctx, actor, params.ref));
  define('v1ProjectHealth', ({ actor, params, query }) => v1ProjectHealth(ctx, actor, params.ref, query.services));
  define('projectTypes', async ({ actor, params, query }) => ({ types: await projectTypes(ctx, actor, params.ref, query.included_schemas?.split(',').map((s) => s.trim()).filter(Boolean)) }));
  define('v1DatabaseQuery', ({ actor, params, body, reply }) => (reply.code(201), management.v1RunQuery(ctx, actor, params.ref, body.query)));
  define('v1Migrations', ({ actor, params }) => listAppliedMigrations(ctx, actor, params.ref));
  define('v1MigrationApply', ({ actor, params, body }) => applyMigration(ctx, actor, params.ref, body));
  define('v1PostgrestConfig', ({ actor, params }) => management.v1PostgrestConfig(ctx, actor, params.ref));
  define('v1PostgrestConfigUpdate', ({ actor, params, body }) => management.v1UpdatePostgrestConfig(ctx, actor, params.ref, body));
  define('v1StorageConfig', ({ actor, params }) => management.v1StorageConfig(ctx, actor, params.ref));
  define('v1StorageConfigUpdate', ({ actor, params, body }) => management.v1UpdateStorageConfig(ctx, actor, params.ref, body));
  define('v1AuthConfig', ({ actor, params }) => projectAuthConfig(ctx, actor, params.ref));
  define('v1AuthConfigUpdate', ({ actor, params, body }) => updateProjectAuthConfig(ctx, actor, params.ref, body));
  define('v1SsoProviders', ({ actor, params }) => sso.listSsoProviders(ctx, actor, params.ref));
  define('v1SsoProvider', ({ actor, params }) => sso.getSsoProvider(ctx, actor, params.ref, params.id));
  define('v1SsoProviderCreate', ({ actor, params, body, reply }) => (reply.code(201), sso.createSsoProvider(ctx, actor, params.ref, body)));
  define('v1SsoProviderUpdate', ({ actor, params, body }) => sso.updateSsoProvider(ctx, actor, params.ref, params.id, body));
  define('v1SsoProviderDelete', ({ actor, params }) => sso.deleteSsoProvider(ctx, actor, params.ref, params.id));
  define('v1RealtimeConfig', ({ actor, params }) => projectRealtimeConfig(ctx, actor, params.ref));
  define('v1RealtimeConfigUpdate', ({ actor, params, body }) => updateRealtimeConfig(ctx, actor, params.ref, body));
  define('v1LogsQuery', ({ actor, params, query }) => queryLogs(ctx, actor, params.ref, query));
  define('v1Functions', ({ actor, params }) => edgeFunctions.listFunctions(ctx, actor, params.ref));
  define('v1Function', ({ actor, params }) => edgeFunctions.getFunction(ctx, actor, params.ref, params.slug));
  define('v1FunctionDeploy', ({ actor, params, query, request, reply }) => (reply.code(201), edgeFunctions.deployFunction(ctx, actor, params.ref, query.slug, (maxBytes) => readFunctionUpload(request, maxBytes))));
  define('v1FunctionCreate', ({ actor, params, body, reply }) => (reply.code(201), edgeFunctions.createFunction(ctx, actor, params.ref, body)));
  define('v1FunctionUpdate', ({ actor, params, body }) => edgeFunctions.updateFunction(ctx, actor, params.ref, params.slug, body));
  define('v1FunctionBody', async ({ actor, params, request, reply }) => {
    const { contentType, body } = await functionBody(ctx, actor, params.ref, params.slug, request.headers.accept);
    return reply.type(contentType).send(body);
  });
  define('v1FunctionDelete', ({ actor, params }) => edgeFunctions.deleteFunction(ctx, actor, params.ref, params.slug));
  define('v1Secrets', ({ actor, params }) => functionSecrets.listSecrets(ctx, actor, params.ref));
  define('v1SecretsCreate', ({ actor, params, body, reply }) => (reply.code(201), functionSecrets.upsertSecrets(ctx, actor, params.ref, body)));
  define('v1SecretsDelete', ({ actor, params, body }) => functionSecrets.deleteSecrets(ctx, actor, params.ref, body));
  // Deploys are multipart (the CLI's metadata field and source files), read by the deploy itself.
  void app.register(multipart);
  define('v1ApiKeys', ({ actor, params, query }) => management.v1ProjectApiKeys(ctx, actor, params.ref, query.reveal));
  define('v1ApiKey', ({ actor, params, query }) => apiKeys.getApiKey(ctx, actor, params.ref, params.id, { reveal: query.reveal }));
  define('v1ApiKeyCreate', ({ actor, params, body }) => apiKeys.createApiKey(ctx, actor, params.ref, body));
  define('v1ApiKeyDelete', ({ actor, params }) => apiKeys.deleteApiKey(ctx, actor, params.ref, params.id));
  define('v1SigningKeys', ({ actor, params }) => signingKeys.listSigningKeys(ctx, actor, params.ref));
  define('v1SigningKeyLegacy', ({ actor, params }) => signingKeys.legacySigningKey(ctx, actor, params.ref));
  define('v1SigningKey', ({ actor, params }) => signingKeys.getSigningKey(ctx, actor, params.ref, params.id));
  define('v1SigningKeyCreate', ({ actor, params, body }) => signingKeys.createSigningKey(ctx, actor, params.ref, body));
  define('v1SigningKeyUpdate', ({ actor, params, body }) => signingKeys.updateSigningKeyStatus(ctx, actor, params.ref, params.id, body.status));
  define('v1SigningKeyDelete', ({ actor, params }) => signingKeys.deleteSigningKey(ctx, actor, params.ref, params.id));
  define('v1DatabaseExport', async ({ actor, params, reply }) => {
    const { filename, body } = await exportDatabase(ctx, actor, params.ref);
    return reply.type('application/sql; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
  });
  // An export is a document of its own, far larger than the API's JSON bodies: the import reads it
  // statement by statement as it streams in.
  app.addContentTypeParser(['application/sql', 'text/plain'], (_request, payload, done) => done(null, payload));
  define('v1DatabaseImport', ({ actor, params, body }) => importDatabase(ctx, actor, params.ref, body));
}
