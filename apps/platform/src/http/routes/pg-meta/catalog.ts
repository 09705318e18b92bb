import * as m from '@plinth/pg-meta';
import { Resource } from '@plinth/permissions';
import * as management from '../../../control/database-management.ts';
import type { PgMetaKit } from './index.ts';

const qualifiedName = (x: { schema: string; name: string }) => `${x.schema}.${x.name}`;

/** Triggers, functions, extensions, publications, indexes and enumerated types. */
export function catalogRoutes({ define, ctx, read, change, paged }: PgMetaKit): void {
  const T = Resource.TABLES;

  const trigger = (t: m.Trigger) => `${t.schema}.${t.table}.${t.name}`;
  define('pgMetaTriggers', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listTriggers(db, query))));
  define('pgMetaTrigger', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getTrigger(db, params.id)));
  define('pgMetaTriggerCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.trigger.create', run: (tx) => m.createTrigger(tx, body), target: trigger }));
  define('pgMetaTriggerUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.trigger.update', run: (tx) => m.updateTrigger(tx, params.id, body), target: trigger }));
  define('pgMetaTriggerDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.trigger.delete', run: (tx) => m.deleteTrigger(tx, params.id, query), target: trigger }));

  define('pgMetaFunctions', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listFunctions(db, query))));
  define('pgMetaFunction', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getFunction(db, params.id)));
  define('pgMetaFunctionCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.function.create', run: (tx) => m.createFunction(tx, body), target: qualifiedName }));
  define('pgMetaFunctionUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.function.update', run: (tx) => m.updateFunction(tx, params.id, body), target: qualifiedName }));
  define('pgMetaFunctionDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.function.delete', run: (tx) => m.deleteFunction(tx, params.id, query), target: qualifiedName }));

  const extension = (e: m.Extension) => e.name;
  define('pgMetaExtensions', ({ actor, params, query }) => management.listExtensions(ctx, actor, params.ref, query.search));
  define('pgMetaExtension', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getExtension(db, params.name)));
  define('pgMetaExtensionCreate', ({ actor, params, body }) => management.enableExtension(ctx, actor, params.ref, body));
  define('pgMetaExtensionUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.extension.update', run: (tx) => m.updateExtension(tx, params.name, body), target: extension }));
  define('pgMetaExtensionDelete', ({ actor, params, query }) => management.disableExtension(ctx, actor, params.ref, params.name, query));

  const publication = (p: m.Publication) => p.name;
  define('pgMetaPublications', ({ actor, params }) => read(actor, params.ref, T, (db) => m.listPublications(db)));
  define('pgMetaPublication', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getPublication(db, params.id)));
  define('pgMetaPublicationCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.publication.create', run: (tx) => m.createPublication(tx, body), target: publication }));
  define('pgMetaPublicationUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.publication.update', run: (tx) => m.updatePublication(tx, params.id, body), target: publication }));
  define('pgMetaPublicationDelete', ({ actor, params }) => change(actor, params.ref, { resource: T, action: 'pg_meta.publication.delete', run: (tx) => m.deletePublication(tx, params.id), target: publication }));

  define('pgMetaIndexes', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listIndexes(db, query))));
  define('pgMetaIndex', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getIndex(db, params.id)));
  define('pgMetaIndexCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.index.create', run: (tx) => m.createIndex(tx, body), target: qualifiedName }));
  define('pgMetaIndexDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.index.delete', run: (tx) => m.deleteIndex(tx, params.id, query), target: qualifiedName }));

  define('pgMetaTypes', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listTypes(db, query))));
  define('pgMetaType', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getType(db, params.id)));
  define('pgMetaTypeCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.type.create', run: (tx) => m.createType(tx, body), target: qualifiedName }));
  define('pgMetaTypeUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.type.update', run: (tx) => m.updateType(tx, params.id, body), target: qualifiedName }));
  define('pgMetaTypeDelete', ({ actor, params, query }) => change(actor, params.ref, { resource: T, action: 'pg_meta.type.delete', run: (tx) => m.deleteType(tx, params.id, query), target: qualifiedName }));
}
