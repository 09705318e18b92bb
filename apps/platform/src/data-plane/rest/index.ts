export { handleRestRequest, restOpenApi, type RestCaller, type RestHooks, type RestProject, type RestRequest } from './service.ts';
export { invalidateSchemaCache } from './schema-cache.ts';
