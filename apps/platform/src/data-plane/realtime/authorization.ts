/**
 * Private channels, authorised as Supabase does: by the RLS policies on `realtime.messages`, run as
 * the socket's role with its JWT claims (set as the REST API sets them) and `realtime.topic()`
 * naming the channel. A policy that lets the caller SELECT a message of the topic lets it receive
 * (join, broadcasts; presence for extension 'presence'); one that lets it INSERT lets it send.
 * Checked with probe rows in one transaction that is always rolled back, so nothing stays.
 */
import { DatabaseError } from '../../engines/database-error.ts';
import type { Database } from '../../engines/types.ts';
import { installRunner } from '../rest/runner.ts';
import { REASONS } from './reasons.ts';
import { ensureRealtimeSchema } from './schema.ts';

export interface ChannelCaller {
  role: string;
  claims: Readonly<Record<string, unknown>>;
}

export interface ChannelPolicies {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

export const ALL_ALLOWED: ChannelPolicies = Object.freeze({ broadcastRead: true, broadcastWrite: true, presenceRead: true, presenceWrite: true });

/** A check that could not run (a policy that fails, no database): refused with this reason. */
export class PolicyCheckFailed extends Error {}

const EXTENSIONS = ['broadcast', 'presence'] as const;
const installed = new WeakSet<Database>();

function settingsOf(caller: ChannelCaller, topic: string): string {
  const settings: Record<string, string> = {
    'request.jwt.claims': JSON.stringify(caller.claims),
    'request.jwt.claim.role': caller.role,
    'realtime.topic': topic,
  };
  if (typeof caller.claims.sub === 'string') settings['request.jwt.claim.sub'] = caller.claims.sub;
  return JSON.stringify(settings);
}

class Rollback extends Error {}

/** What `caller` may do on the private channel `topic` (the name after `realtime:`). */
export async function channelPolicies(db: Database, topic: string, caller: ChannelCaller): Promise<ChannelPolicies> {
  // service_role bypasses RLS, as it does in the REST API.
  if (caller.role === 'service_role') return ALL_ALLOWED;
  await ensureRealtimeSchema(db);
  if (!installed.has(db)) {
    await installRunner(db);
    installed.add(db);
  }
  const outcome: { policies?: ChannelPolicies } = {};
  try {
    await db.transaction(async (tx) => {
      // Probe rows written as the platform (the table's owner, so RLS does not apply to it)...
      const probes = await tx.query<{ id: string; extension: string }>(
        `insert into realtime.messages (topic, extension, private) select $1, e, true from unnest($2::text[]) as e returning id::text, extension`,
        [topic, EXTENSIONS],
      );
      // ...then read and written as the caller.
      await tx.query('select _plinth.rest_begin_v1($1, $2)', [caller.role, settingsOf(caller, topic)]);
      const visible = await tx.query<{ extension: string }>('select extension from realtime.messages where id = any($1::uuid[])', [probes.rows.map((row) => row.id)]);
      const readable = new Set(visible.rows.map((row) => row.extension));
      const writable = new Set<string>();
      for (const extension of EXTENSIONS) {
        await tx.query('savepoint realtime_write_check');
        try {
          await tx.query('insert into realtime.messages (topic, extension, private) values ($1, $2, true)', [topic, extension]);
          writable.add(extension);
        } catch (error) {
          if (!(error instanceof DatabaseError && error.code === '42501')) throw error;
        }
        await tx.query('rollback to savepoint realtime_write_check');
      }
      outcome.policies = {
        broadcastRead: readable.has('broadcast'), presenceRead: readable.has('presence'),
        broadcastWrite: writable.has('broadcast'), presenceWrite: writable.has('presence'),
      };
      throw new Rollback();
    });
  } catch (error) {
    if (outcome.policies) return outcome.policies;
    if (error instanceof DatabaseError) throw new PolicyCheckFailed(REASONS.policyError(error.message));
    throw new PolicyCheckFailed(REASONS.databaseUnavailable);
  }
  throw new PolicyCheckFailed(REASONS.databaseUnavailable);
}
