import { z } from 'zod';
import * as m from '@plinth/pg-meta';
import { refSchema } from './common.ts';
import { endpoint } from './endpoints-base.ts';

/**
 * Wrappers (Database > Wrappers): postgres_fdw's foreign servers and foreign tables. Enabling goes
 * through the Extensions page's path (the engine creates postgres_fdw as the superuser on the
 * owner's behalf); servers, user mappings and imports then run as the project owner. Passwords go
 * in and never come back. Foreign tables are dropped with pg-meta's foreign-table endpoint.
 */
export const wrappersStatusSchema = z.object({
  /** Whether this engine offers postgres_fdw (embedded: PGlite ships no foreign data wrapper). */
  available: z.boolean(),
  enabled: z.boolean(),
  servers: z.array(m.foreignServerSchema),
  foreign_tables: z.array(m.wrapperForeignTableSchema),
});
export type WrappersStatus = z.infer<typeof wrappersStatusSchema>;
export type ForeignServer = m.ForeignServer;
export type WrapperForeignTable = m.WrapperForeignTable;
export type ForeignServerCreate = m.ForeignServerCreate;
export type ForeignSchemaImport = m.ForeignSchemaImport;

const refParams = z.object({ ref: refSchema });
const serverParams = z.object({ ref: refSchema, name: z.string().min(1).max(63) });

export const wrapperEndpoints = {
  wrappersStatus: endpoint({
    method: 'GET', path: '/projects/:ref/wrappers',
    summary: "postgres_fdw's availability, foreign servers (without secrets) and foreign tables (TENANT_SQL_ADMIN_READ)",
    params: refParams, response: wrappersStatusSchema,
  }),
  wrappersEnable: endpoint({
    method: 'POST', path: '/projects/:ref/wrappers/enable',
    summary: 'Enables postgres_fdw in schema extensions (TENANT_SQL_ADMIN_WRITE)',
    params: refParams, response: wrappersStatusSchema,
  }),
  wrapperServerCreate: endpoint({
    method: 'POST', path: '/projects/:ref/wrappers/servers',
    summary: "Creates a postgres_fdw server and the owner's user mapping (TENANT_SQL_ADMIN_WRITE)",
    params: refParams, body: m.foreignServerCreateBody, response: m.foreignServerSchema,
  }),
  wrapperServerDelete: endpoint({
    method: 'DELETE', path: '/projects/:ref/wrappers/servers/:name',
    summary: 'Drops a foreign server; with cascade, its user mappings and foreign tables too (TENANT_SQL_ADMIN_WRITE)',
    params: serverParams, query: z.object({ cascade: m.flagSchema.optional() }), response: m.foreignServerSchema,
  }),
  wrapperSchemaImport: endpoint({
    method: 'POST', path: '/projects/:ref/wrappers/servers/:name/import',
    summary: "Imports a remote schema's tables (or only some) as foreign tables (TENANT_SQL_ADMIN_WRITE)",
    params: serverParams, body: m.foreignSchemaImportBody, response: z.array(m.wrapperForeignTableSchema),
  }),
};
