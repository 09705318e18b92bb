/** The migration history the Supabase CLI keeps in supabase_migrations.schema_migrations. */
import { z } from 'zod';
import { jsonRows, type Queryable } from './queryable.ts';

export const migrationSchema = z.object({
  version: z.string(),
  name: z.string().nullable(),
  statements: z.array(z.string()).nullable(),
});
export type Migration = z.infer<typeof migrationSchema>;

/** Oldest first; [] when the table does not exist (someone dropped it, or the CLI never ran). */
export async function listMigrations(db: Queryable): Promise<Migration[]> {
  const { rows } = await db.query<{ present: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as present`);
  if (!rows[0]?.present) return [];
  return jsonRows<Migration>(db, 'select version, name, statements from supabase_migrations.schema_migrations order by version');
}
