/**
 * Runs storage's reads and writes of `storage.buckets` / `storage.objects` in one transaction as the
 * request's role with its JWT claims set, exactly as a REST request runs (the REST runner's
 * rest_begin_v1), so Supabase storage policies decide. Public and signed reads, and the platform's
 * own work, run as service_role, which bypasses RLS.
 */
import type { Database, Queryable } from '../../engines/types.ts';
import { installRunner } from '../rest/runner.ts';

export interface StorageCaller {
  role: string;
  claims: Readonly<Record<string, unknown>>;
}

export const SERVICE_CALLER: StorageCaller = Object.freeze({ role: 'service_role', claims: Object.freeze({ role: 'service_role' }) });

const installed = new WeakSet<Database>();

function settingsOf(caller: StorageCaller): string {
  const settings: Record<string, string> = {
    search_path: 'storage, public, extensions',
    'request.jwt.claims': JSON.stringify(caller.claims),
  };
  const sub = caller.claims.sub;
  if (typeof sub === 'string') settings['request.jwt.claim.sub'] = sub;
  settings['request.jwt.claim.role'] = caller.role;
  return JSON.stringify(settings);
}

export async function asCaller<T>(db: Database, caller: StorageCaller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!installed.has(db)) {
    await installRunner(db);
    installed.add(db);
  }
  return db.transaction(async (tx) => {
    await tx.query('select _plinth.rest_begin_v1($1, $2)', [caller.role, settingsOf(caller)]);
    return fn(tx);
  });
}

/** The caller's user id (the JWT's sub) as storage records an object's owner; null for keys. */
export function ownerOf(caller: StorageCaller): string | null {
  const sub = caller.claims.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}
