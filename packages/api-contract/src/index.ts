export * from './common.ts';
export * from './account.ts';
export * from './organizations.ts';
export * from './projects.ts';
export * from './endpoints.ts';
export * from './content.ts';
export { buildOpenApiDocument } from './openapi.ts';
export * from './endpoints-base.ts';
