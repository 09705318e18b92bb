import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from '../engines/types.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/** Applies each migrations/NNNN_name.sql once, in order, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec('create table if not exists plinth_migrations (version text primary key, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ version: string }>('select version from plinth_migrations')).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort()) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const sql = readFileSync(new URL(file, migrationsDir), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into plinth_migrations (version) values ($1)', [version]);
    });
    applied.push(version);
  }
  return applied;
}
