/**
 * Backup rows (platform table `project_backups`) and their files in the object store. A file's key is
 * `_backups/{ref}/{id}.sql.gz`: project storage keys start with a project ref (20 lowercase letters)
 * and function sources with `_functions/`, so no storage or functions API can name these keys.
 */
import type { Backup } from '@plinth/api-contract';
import type { Queryable } from '../../engines/types.ts';

export interface BackupRow {
  id: string | number;
  project_ref: string;
  inserted_at: Date | string;
  status: Backup['status'];
  kind: Backup['kind'];
  size_bytes: string | number | null;
  object_key: string | null;
}

/** Everything of a project's backups, for ObjectStore.deletePrefix (no trailing slash). */
export function backupPrefix(ref: string): string {
  return `_backups/${ref}`;
}

export function backupKey(ref: string, id: number): string {
  return `${backupPrefix(ref)}/${id}.sql.gz`;
}

export function presentBackup(row: BackupRow): Backup {
  return {
    id: Number(row.id),
    inserted_at: new Date(row.inserted_at).toISOString(),
    status: row.status,
    is_physical_backup: false,
    kind: row.kind,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}

export async function backupsOf(db: Queryable, ref: string): Promise<BackupRow[]> {
  return (await db.query<BackupRow>('select * from project_backups where project_ref = $1 order by inserted_at desc, id desc', [ref])).rows;
}

export async function backupById(db: Queryable, ref: string, id: number): Promise<BackupRow | undefined> {
  return (await db.query<BackupRow>('select * from project_backups where project_ref = $1 and id = $2', [ref, id])).rows[0];
}

/** A PENDING backup row; its job fills it in. */
export async function insertBackup(db: Queryable, ref: string, kind: Backup['kind']): Promise<BackupRow> {
  return (await db.query<BackupRow>('insert into project_backups (project_ref, kind) values ($1, $2) returning *', [ref, kind])).rows[0];
}
