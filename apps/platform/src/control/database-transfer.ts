/**
 * A project's database as one plain SQL file, and back: how a project moves between engines
 * (embedded -> local -> postgres) or between Plinth installations, so a team that starts small never
 * starts over. The file is ordinary pg_dump SQL, readable and usable with psql elsewhere.
 *
 * What moves: every schema the project's users made (public and their own), with data, privileges
 * and policies; the rows of the platform schemas' tables (auth users and identities, migration
 * history, storage buckets); triggers people put on platform tables (auth.users' "on signup"
 * triggers) and the policies on them (storage.objects' and storage.buckets'). What does not: the
 * platform schemas' definitions (every project is bootstrapped alike, so the target has them),
 * default privileges (the target's bootstrap sets Supabase's), owners (the target's owner owns all
 * it imports), the project's keys and JWT secret (the new project's own), stored files and their
 * storage.objects rows (bytes do not travel in SQL; rows without their bytes would be broken files).
 */
import { Readable } from 'node:stream';
import pg from 'pg';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import * as pgMeta from '@plinth/pg-meta';
import { DatabaseError } from '../engines/database-error.ts';
import type { Database, ProjectLocation, Queryable } from '../engines/types.ts';
import { ensureCapture } from '../data-plane/realtime/postgres-changes/capture.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { forgetProjectSchema } from './project-caches.ts';
import { accessProject, locationOf, type ProjectRow } from './project-rows.ts';

/**
 * Schemas every project's bootstrap makes (or the platform installs: cron; `_plinth`, the REST
 * runner's functions, made on first use): their definitions are the target's own. Vault rows stay
 * behind: they are encrypted with the source project's key.
 */
export const PLATFORM_SCHEMAS = ['auth', 'storage', 'extensions', 'realtime', 'graphql_public', 'supabase_migrations', 'vault', 'cron', '_plinth'];
/** Platform schemas whose rows belong to the project and move with it. */
export const DATA_SCHEMAS = ['auth', 'supabase_migrations'];
/** Extensions an engine installs itself (local: pg_stat_statements): not the project's to move. */
const ENGINE_EXTENSIONS = new Set(['pg_stat_statements']);
/**
 * Supabase's default privileges, which every project's owner has in public. pg_dump writes each
 * object's privileges as changes from none, so while importing they are lifted (else a table whose
 * anon privileges were revoked would get them back on creation) and set again after.
 */
function apiDefaultPrivileges(change: 'grant' | 'revoke'): string {
  const toOrFrom = change === 'grant' ? 'to' : 'from';
  return ['tables', 'sequences', 'functions']
    .map((kind) => `alter default privileges in schema public ${change} all on ${kind} ${toOrFrom} anon, authenticated, service_role`)
    .join(';\n');
}

/** Statements run together in one round trip while nothing needs handling one by one. */
const BATCH_CHARS = 256 * 1024;

/**
 * Failures of a GRANT, REVOKE or SET that concern the source's engine rather than the project: a role,
 * setting or object the target has not (supabase_admin; transaction_timeout before PostgreSQL 17; the
 * functions of an extension the source's engine installs itself).
 */
const TOLERATED = new Set([
  '42704', // undefined_object
  '42883', // undefined_function
  '42P01', // undefined_table
  '3F000', // invalid_schema_name
]);

async function accessForTransfer(ctx: ControlContext, actor: Actor, ref: string): Promise<{ project: ProjectRow; organizationSlug: string }> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.INFRA_EXECUTE, Resource.BACKUPS);
  if (project.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_not_active', 'Only a healthy project can be exported or imported.');
  return { project, organizationSlug: organization.slug };
}

/**
 * pg_dump reads object definitions with catalog functions that see the catalog as it is now, not
 * its snapshot: a function or trigger replaced while it runs (the platform ensures its realtime
 * objects when a project is opened again) makes it fail ("cannot duplicate null pointer"). A dump is
 * a read, so it is run once more, but only while nothing of the failed attempt has gone out: its
 * first RETRYABLE_BYTES (the schema, where such failures come; all of a small dump) are held back
 * until it has written that much or ended. A failure after that fails the stream, so a download
 * breaks rather than ending in a file that looks whole.
 */
const RETRYABLE_BYTES = 4 * 1024 * 1024;

async function* dumpRetryingAtFirst(ctx: ControlContext, location: ProjectLocation, args: string[]): AsyncGenerator<Buffer> {
  for (let attempt = 1; ; attempt++) {
    let held: Buffer[] = [];
    let heldBytes = 0;
    let passing = false;
    try {
      for await (const chunk of ctx.engine.dumpStream(location, args) as AsyncIterable<Buffer>) {
        if (passing) {
          yield chunk;
          continue;
        }
        held.push(chunk);
        heldBytes += chunk.length;
        if (heldBytes >= RETRYABLE_BYTES) {
          passing = true;
          yield Buffer.concat(held);
          held = [];
        }
      }
    } catch (error) {
      if (passing || attempt > 1) throw error;
      ctx.log.info(`pg_dump failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); trying once more`);
      continue;
    }
    if (held.length > 0) yield Buffer.concat(held);
    return;
  }
}

/**
 * The project's database as plain SQL (see the top of this file for what it holds), streamed: the
 * HTTP answer starts once the dump has (a dump that fails before any byte is an error answer), and a
 * dump that fails after that breaks the download.
 */
export async function exportDatabase(ctx: ControlContext, actor: Actor, ref: string): Promise<{ filename: string; body: Readable }> {
  const { project, organizationSlug } = await accessForTransfer(ctx, actor, ref);
  const body = await startedStream(dumpProject(ctx, project));
  await recordAudit(ctx.db, actor, { action: 'project.database_export', organizationSlug, projectRef: ref, target: project.name });
  return { filename: `${ref}.sql`, body };
}

/** A stream of `chunks` once its first chunk is there: what fails before that is thrown here. */
async function startedStream(chunks: AsyncGenerator<Buffer>): Promise<Readable> {
  const first = await chunks.next();
  const stream = Readable.from(chunks, { objectMode: false }); // destroying it ends the generator, and so the dump
  if (!first.done) stream.unshift(first.value);
  return stream;
}

/**
 * The export's SQL as it is dumped, with no permission check (the caller's, or a backup job's): the
 * platform tables' rows, the buckets, the project's own schemas, then the triggers and policies on
 * platform tables. Nothing is held whole; closing the generator stops the dump it is in.
 */
export async function* dumpProject(ctx: ControlContext, project: ProjectRow): AsyncGenerator<Buffer> {
  const location = locationOf(project);
  const header = `-- Plinth project ${project.ref} ("${project.name}"), exported ${new Date().toISOString()} from the ${project.engine} engine, PostgreSQL ${project.postgres_version ?? ''}.\n`;
  const dumps = [
    // Rows of the platform tables first: the project's own tables may reference auth.users.
    ['--data-only', ...DATA_SCHEMAS.map((schema) => `--schema=${schema}`)],
    ['--data-only', '--table=storage.buckets'],
    ['--no-owner', ...PLATFORM_SCHEMAS.map((schema) => `--exclude-schema=${schema}`)],
  ];
  let started = false;
  for (const args of dumps) {
    for await (const chunk of dumpRetryingAtFirst(ctx, location, args)) {
      // The header goes out with the first dump's first bytes, so nothing is sent before a dump has started.
      if (!started) yield Buffer.from(`${header}\n`);
      started = true;
      yield chunk;
    }
    yield Buffer.from('\n');
  }
  const db = await ctx.engine.project(location);
  yield Buffer.from(`${await platformTableTriggers(db)}\n${await platformTablePolicies(db)}`);
}

/**
 * Triggers people put on the platform's tables, each created unless one of its name is there (the
 * target's bootstrap may have made it): pg_dump leaves them out with the schemas they are in.
 */
async function platformTableTriggers(db: Database): Promise<string> {
  // With an empty search_path, pg_get_triggerdef names every function and table with its schema.
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`select set_config('search_path', '', true)`);
    return tx.query<{ name: string; table_oid: string; definition: string }>(
    `select t.tgname as name, format('%I.%I', n.nspname, c.relname) as table_oid, pg_get_triggerdef(t.oid) as definition
       from pg_catalog.pg_trigger t
       join pg_catalog.pg_class c on c.oid = t.tgrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = any($1)
      order by n.nspname, c.relname, t.tgname`,
    [PLATFORM_SCHEMAS],
    );
  });
  if (rows.length === 0) return '';
  const blocks = rows.map(({ name, table_oid: table, definition }) =>
    `DO $plinth$ BEGIN\n  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgname = ${pg.escapeLiteral(name)} AND tgrelid = ${pg.escapeLiteral(table)}::regclass) THEN\n    EXECUTE ${pg.escapeLiteral(definition)};\n  END IF;\nEND $plinth$;`);
  return `--\n-- Triggers on the platform's tables\n--\n\n${blocks.join('\n\n')}\n`;
}

/**
 * Policies people wrote on the platform's tables (storage policies above all), each created unless
 * one of its name is there: pg_dump leaves them out with the schemas they are in.
 */
async function platformTablePolicies(db: Database): Promise<string> {
  const { rows } = await db.query<{ name: string; table_name: string; definition: string }>(
    `select p.policyname as name, format('%I.%I', p.schemaname, p.tablename) as table_name,
            format('create policy %I on %I.%I as %s for %s to %s', p.policyname, p.schemaname, p.tablename, p.permissive, p.cmd,
                   (select string_agg(case when r = 'public' then 'public' else quote_ident(r) end, ', ') from unnest(p.roles) as r))
              || coalesce(' using (' || p.qual || ')', '') || coalesce(' with check (' || p.with_check || ')', '') as definition
       from pg_catalog.pg_policies p
      where p.schemaname = any($1)
      order by p.schemaname, p.tablename, p.policyname`,
    [PLATFORM_SCHEMAS],
  );
  if (rows.length === 0) return '';
  const blocks = rows.map(({ name, table_name: table, definition }) =>
    `DO $plinth$ BEGIN\n  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_policy WHERE polname = ${pg.escapeLiteral(name)} AND polrelid = ${pg.escapeLiteral(table)}::regclass) THEN\n    EXECUTE ${pg.escapeLiteral(definition)};\n  END IF;\nEND $plinth$;`);
  return `--\n-- Policies on the platform's tables\n--\n\n${blocks.join('\n\n')}\n`;
}

/**
 * Imports an exported database into this project, which must be new and empty (no tables of its own,
 * no auth users), in one transaction: all of it or, on the first real error, nothing.
 */
export async function importDatabase(ctx: ControlContext, actor: Actor, ref: string, sql: SqlSource): Promise<{ statements: number }> {
  const { project, organizationSlug } = await accessForTransfer(ctx, actor, ref);
  const statements = await importIntoEmpty(ctx, project, sql);
  await recordAudit(ctx.db, actor, { action: 'project.database_import', organizationSlug, projectRef: ref, target: `${statements} statement(s)` });
  return { statements };
}

/** An export's SQL: whole, or as it streams in (a request body, a backup file), never held whole then. */
export type SqlSource = string | AsyncIterable<Uint8Array | string>;

/** The import's work, with no permission check (the caller's, or a backup job's): the statements run. */
export async function importIntoEmpty(ctx: ControlContext, project: ProjectRow, sql: SqlSource): Promise<number> {
  const db = await ctx.engine.project(locationOf(project));
  let statements = 0;
  await db.transaction(async (tx) => {
    await assertEmpty(tx);
    statements = await loadSql(tx, sql);
    if (statements === 0) throw new PlinthError('import_failed', 'The import stopped and nothing was imported: the body holds no SQL statement.');
  }).catch((error: unknown) => {
    if (error instanceof StatementError) {
      throw new PlinthError('import_failed', `The import stopped at statement ${error.statement} and nothing was imported: ${error.reason}. The statement: ${error.excerpt}`, { code: error.code, statement: error.statement });
    }
    if (error instanceof DatabaseError) throw new PlinthError('import_failed', `The import stopped and nothing was imported: ${error.message}`, { code: error.code });
    throw error;
  });
  await forgetProjectSchema(ctx, project.ref, db);
  return statements;
}

/**
 * Runs an export's statements in `tx` (the caller's transaction, so a failure leaves nothing), each
 * read as it streams in. With `replacing` (a restore into the project the backup came from), a
 * storage bucket that is still there, kept because it holds files, keeps its row instead of failing
 * the restore. Returns how many statements there were; a statement that fails is named by a
 * StatementError.
 */
export async function loadSql(tx: Queryable, sql: SqlSource, options: { replacing?: boolean } = {}): Promise<number> {
  await tx.exec(apiDefaultPrivileges('revoke'));
  let count = 0;
  let batch: Statement[] = [];
  let batchChars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const statements = batch;
    batch = [];
    batchChars = 0;
    await runBatch(tx, statements);
  };
  for await (const text of pgMeta.streamStatements(typeof sql === 'string' ? whole(sql) : sql)) {
    const statement = { text, number: ++count };
    if (text.includes('\u0000')) throw new PlinthError('text_contains_nul', `Statement ${statement.number} holds the character U+0000, which PostgreSQL text cannot hold: ${excerpt(text)}`, { statement: statement.number });
    const handling = options.replacing && isBucketInsert(text) ? 'existing' : handlingOf(text);
    if (handling === 'skip') continue;
    if (handling === 'run') {
      batch.push(statement);
      batchChars += text.length;
      if (batchChars >= BATCH_CHARS) await flush();
      continue;
    }
    await flush();
    await runAlone(tx, statement, handling);
  }
  await flush();
  await ensureCapture(tx);
  await tx.query('select realtime.plinth_install_capture()');
  await tx.exec(apiDefaultPrivileges('grant'));
  // The dump's session settings (search_path '', row_security off) must not outlive it on a pooled connection.
  await tx.exec('reset all; reset session authorization');
  return count;
}

/** One statement of an export, numbered from 1 as it comes in the file. */
interface Statement {
  text: string;
  number: number;
}

/** A Postgres failure of one statement of an export, naming it: its number and its first words. */
export class StatementError extends DatabaseError {
  readonly statement: number;
  /** Postgres's message, without the statement. */
  readonly reason: string;
  readonly excerpt: string;

  constructor(error: DatabaseError, statement: Statement) {
    super({ ...error.toFields(), message: `${error.message}, in statement ${statement.number}: ${excerpt(statement.text)}` });
    this.name = 'StatementError';
    this.statement = statement.number;
    this.reason = error.message;
    this.excerpt = excerpt(statement.text);
  }
}

/** A statement as an error shows it: on one line, its comments left out, cut at 200 characters. */
function excerpt(statement: string): string {
  const line = pgMeta.withoutLeadingComments(statement).replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * Statements run together in one round trip, in a savepoint: when one fails they are run again one
 * by one from the savepoint, so the error names the statement that failed.
 */
async function runBatch(tx: Queryable, statements: Statement[]): Promise<void> {
  await tx.exec('savepoint plinth_batch');
  try {
    await tx.exec(statements.map((statement) => statement.text).join(';\n'));
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error;
    await tx.exec('rollback to savepoint plinth_batch');
    for (const statement of statements) {
      try {
        await tx.exec(statement.text);
      } catch (single) {
        throw single instanceof DatabaseError ? new StatementError(single, statement) : single;
      }
    }
    throw error; // every statement ran alone: what failed was running them together (cannot happen in a dump)
  }
  await tx.exec('release savepoint plinth_batch');
}

async function* whole(sql: string): AsyncGenerator<string> {
  yield sql;
}

type Handling = 'run' | 'skip' | 'tolerate' | 'extension' | 'existing';

function isBucketInsert(statement: string): boolean {
  return /^insert\s+into\s+storage\.buckets\s/i.test(pgMeta.withoutLeadingComments(statement).trim());
}

function handlingOf(statement: string): Handling {
  const [first, second, third] = pgMeta.leadingWords(statement, 3);
  // The target's bootstrap sets Supabase's default privileges; an extension's comment is its own.
  if (first === 'ALTER' && second === 'DEFAULT' && third === 'PRIVILEGES') return 'skip';
  if (first === 'COMMENT' && second === 'ON' && third === 'EXTENSION') return 'skip';
  if (first === 'CREATE' && second === 'EXTENSION') return 'extension';
  if (first === 'GRANT' || first === 'REVOKE' || first === 'SET') return 'tolerate';
  if (first === 'CREATE' && second === 'SCHEMA' && /^create\s+schema\s+public$/i.test(pgMeta.withoutLeadingComments(statement).trim())) return 'skip';
  // Realtime's own objects come with the target's bootstrap: the publication (the ALTER PUBLICATION
  // statements that follow add the tables), the capture triggers (made again after the import) and
  // the event trigger that makes them.
  if (first === 'CREATE' && /^create\s+(publication\s+"?supabase_realtime"?(\s|$)|(event\s+)?trigger\s+"?plinth_realtime_)/i.test(pgMeta.withoutLeadingComments(statement).trim())) return 'skip';
  return 'run';
}

/** One statement in a savepoint, so a tolerated failure leaves the transaction usable. */
async function runAlone(tx: Queryable, statement: Statement, handling: 'tolerate' | 'extension' | 'existing'): Promise<void> {
  const extension = handling === 'extension' ? extensionName(statement.text) : null;
  if (extension && ENGINE_EXTENSIONS.has(extension)) return;
  await tx.exec('savepoint plinth_import');
  try {
    await tx.exec(statement.text);
    await tx.exec('release savepoint plinth_import');
  } catch (error) {
    await tx.exec('rollback to savepoint plinth_import');
    if (!(error instanceof DatabaseError)) throw error;
    if (handling === 'tolerate' && TOLERATED.has(error.code)) return;
    if (handling === 'existing' && error.code === '23505') return; // unique_violation: the row is there
    if (extension) {
      throw new PlinthError('import_failed', `The extension ${extension} is not available on this project's engine, and the database uses it: ${error.message}`, { extension, statement: statement.number });
    }
    throw new StatementError(error, statement);
  }
}

function extensionName(statement: string): string | null {
  const match = /^create\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([^"\s]+)\1/i.exec(pgMeta.withoutLeadingComments(statement).trim());
  return match ? match[2] : null;
}

/** A project with tables of its own or auth users is not overwritten. */
async function assertEmpty(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ relations: number; users: number }>(
    `select (select count(*)::int from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and n.nspname <> all($1)
                and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema') as relations,
            (select count(*)::int from auth.users) as users`,
    [PLATFORM_SCHEMAS],
  );
  const { relations, users } = rows[0];
  if (relations > 0 || users > 0) {
    throw new PlinthError('project_not_empty', `This project already has ${relations} table(s), view(s) or sequence(s) and ${users} user(s): import into a new project.`, { relations, users });
  }
}
