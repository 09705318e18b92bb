/**
 * A paused project's database in the object store (disk or S3). Pause writes the engine's archive
 * (engine.archive: the database directory, or a dump on a Postgres server) under
 * `_archives/{ref}/{time}.{format}`, hashing it as it goes, then reads it back and hashes it again:
 * only an archive whose bytes came back the same is recorded on the project, and only a recorded one
 * lets the database be freed. Restore streams it back into engine.unarchive through the same check,
 * so a damaged archive fails the restore instead of becoming the project's data.
 *
 * Keys: project storage keys start with a ref (20 lowercase letters), function sources with
 * `_functions/`, backups with `_backups/`: no storage or functions API can name these.
 */
import { createHash } from 'node:crypto';
import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ControlContext } from './context.ts';
import { locationOf, type ProjectRow } from './project-rows.ts';

export interface StoredArchive {
  key: string;
  bytes: number;
  sha256: string;
}

/** Everything of a project's archives, for ObjectStore.deletePrefix (no trailing slash). */
export function archivePrefix(ref: string): string {
  return `_archives/${ref}`;
}

/** A pass-through stage that hashes (SHA-256) and counts what goes through; `check`, when given, may fail the stream at its end. */
function hashing(check?: (seen: { sha256: string; bytes: number }) => Error | null): Transform & { seen(): { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  let digest: string | null = null;
  const seen = () => ({ sha256: (digest ??= hash.digest('hex')), bytes });
  const stage = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(check?.(seen()) ?? null);
    },
  });
  return Object.assign(stage, { seen });
}

/**
 * Archives the project's database (the engine closes it and holds it closed) and stores it, checked:
 * read back whole through readArchive's check. Archives an earlier attempt left (cut off before one
 * was recorded) are removed first.
 */
export async function storeArchive(ctx: ControlContext, project: ProjectRow): Promise<StoredArchive> {
  await ctx.objects.deletePrefix(archivePrefix(project.ref));
  const archive = await ctx.engine.archive(locationOf(project));
  const key = `${archivePrefix(project.ref)}/${new Date().toISOString().replace(/[:.]/g, '-')}.${archive.format}`;
  const hashed = hashing();
  const body = new PassThrough();
  const [written] = await Promise.all([
    ctx.objects.put(key, body, { contentType: 'application/gzip' }).catch((error: unknown) => {
      body.destroy(error as Error); // stops the engine's stream too
      throw error;
    }),
    pipeline(archive.body, hashed, body),
  ]);
  const stored = { key, bytes: written.size, sha256: hashed.seen().sha256 };
  await pipeline(await readArchive(ctx, stored), new Writable({ write: (_chunk, _encoding, done) => done() }));
  return stored;
}

/**
 * The recorded archive's bytes, failing the stream at its end if they are not the bytes recorded
 * (the engine writes into a staging place and keeps nothing of a failed stream).
 */
export async function readArchive(ctx: ControlContext, archive: StoredArchive): Promise<Readable> {
  const found = await ctx.objects.get(archive.key);
  if (!found) throw new Error(`The project's archive ${archive.key} is missing from the object store.`);
  const checking = hashing(({ sha256, bytes }) =>
    sha256 === archive.sha256 && bytes === archive.bytes
      ? null
      : new Error(`The project's archive ${archive.key} is damaged: its bytes (${bytes}) are not those stored (${archive.bytes}).`));
  found.body.once('error', (error) => checking.destroy(error));
  return found.body.pipe(checking);
}
