import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Page } from '@plinth/pg-meta';
import type { ControlContext } from '../../../control/context.ts';
import { changeCatalog, readCatalog, type CatalogChange } from '../../../control/database-management.ts';
import type { Actor } from '../../../control/context.ts';
import type { Queryable } from '../../../engines/types.ts';
import type { Resource } from '@plinth/permissions';
import { endpointRegistrar } from '../../define-endpoint.ts';
import type { SessionVerifier } from '../../plugins/session.ts';
import { catalogRoutes } from './catalog.ts';
import { policyRoutes } from './policies.ts';
import { relationRoutes } from './relations.ts';
import { sqlRoutes } from './sql.ts';
import { tableRoutes } from './tables.ts';

/** What every pg-meta route file gets: the registrar and the verbs of the domain. */
export interface PgMetaKit {
  define: ReturnType<typeof endpointRegistrar>;
  ctx: ControlContext;
  // NoInfer: T comes from the work itself, not from the endpoint's declared response.
  read<T>(actor: Actor, ref: string, resource: Resource, run: (db: Queryable) => Promise<T>): Promise<NoInfer<T>>;
  change<T>(actor: Actor, ref: string, change: CatalogChange<T>): Promise<NoInfer<T>>;
  /** A page's items as the body; its total goes out in the x-total-count header. */
  paged<T>(reply: FastifyReply, page: Page<T>): T[];
}

/**
 * Database management for the studio: /api[/platform]/pg-meta/:ref/... All signed-in; reading needs
 * TENANT_SQL_ADMIN_READ, changing TENANT_SQL_ADMIN_WRITE (checked in control/database-management.ts).
 */
export function pgMetaRoutes(app: FastifyInstance, ctx: ControlContext, verifier: SessionVerifier): void {
  const kit: PgMetaKit = {
    define: endpointRegistrar(app, verifier),
    ctx,
    read: (actor, ref, resource, run) => readCatalog(ctx, actor, ref, resource, run),
    change: (actor, ref, change) => changeCatalog(ctx, actor, ref, change),
    paged(reply, page) {
      reply.header('x-total-count', String(page.count));
      return page.items;
    },
  };
  tableRoutes(kit);
  relationRoutes(kit);
  policyRoutes(kit);
  catalogRoutes(kit);
  sqlRoutes(kit);
}
