/**
 * PostgREST's listener: anyone connected to the project's database (psql through the pooler, a
 * migration tool, an event trigger) asks for a reload with `NOTIFY pgrst, 'reload schema'`,
 * `NOTIFY pgrst, 'reload config'`, or a bare `NOTIFY pgrst` for both. Each node listens on the
 * databases whose schema cache it holds (schema-cache.ts), so the NOTIFY reaches every node that
 * could serve a stale schema, with no relay. The listener is passive (engines/types.ts
 * ListenOptions): it never keeps a scaled-to-zero project awake, and its end drops the cache.
 */
import type { Database, Listener } from '../../engines/types.ts';

/** PostgREST's default db-channel. */
export const PGRST_CHANNEL = 'pgrst';

export interface ReloadHandlers {
  schema(): void;
  config(): void;
  /** The listening connection ended (scale to zero, a restart): notifications may be missed from now on. */
  lost(): void;
}

/** What a `pgrst` payload asks for; anything else is ignored, as PostgREST does. */
export function reloadsOf(payload: string): { schema: boolean; config: boolean } {
  const asked = payload.trim();
  return { schema: asked === '' || asked === 'reload schema', config: asked === '' || asked === 'reload config' };
}

/** Listens on `db` until closed; resolves once listening (or rejects when it cannot). */
export async function listenForReloads(db: Database, handlers: ReloadHandlers): Promise<Listener> {
  return db.listen(PGRST_CHANNEL, (payload) => {
    const { schema, config } = reloadsOf(payload);
    if (schema) handlers.schema();
    if (config) handlers.config();
  }, () => handlers.lost(), { passive: true });
}
