/**
 * @plinth/pg-meta: the project database's catalog, read and changed. No I/O of its own: every
 * function takes a Queryable. The build*Sql functions are pure (the studio may import them to show
 * the SQL a change will run); the others read the catalog and run that SQL.
 *
 * Safety rules kept throughout: identifiers only through ident() (quoted, <= 63 bytes), values as
 * bound parameters or literal() where Postgres cannot bind, and raw SQL only where the user writes
 * SQL by design (policy expressions, defaults, checks, view queries, function bodies), each checked to
 * be one closed fragment by sqlFragment().
 */
export * from './queryable.ts';
export * from './identifiers.ts';
export * from './sql-lexer.ts';
export * from './sql-statement-stream.ts';
export * from './statement-effects.ts';
export * from './protected-schemas.ts';
export * from './filters.ts';
export * from './data-types.ts';
export * from './schemas.ts';
export * from './columns.ts';
export * from './foreign-keys.ts';
export * from './tables.ts';
export * from './relations.ts';
export * from './views.ts';
export * from './materialized-views.ts';
export * from './foreign-servers.ts';
export * from './foreign-tables.ts';
export * from './entities.ts';
export * from './policy-sql.ts';
export * from './policies.ts';
export * from './roles.ts';
export * from './triggers.ts';
export * from './functions.ts';
export * from './extensions.ts';
export * from './publications.ts';
export * from './indexes.ts';
export * from './enum-types.ts';
export * from './migrations.ts';
export * from './query.ts';
