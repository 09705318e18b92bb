/**
 * A phx_join's payload as realtime-js sends it: `{config: {broadcast: {ack, self}, presence: {key,
 * enabled}, postgres_changes: [{event, schema, table, filter}], private, postgres_changes_options},
 * access_token}`. Missing parts take realtime-js's defaults; ill-typed ones are refused.
 */
import { randomUUID } from 'node:crypto';
import type { PostgresChangeSpec } from './postgres-changes/index.ts';

export interface JoinConfig {
  ack: boolean;
  self: boolean;
  /** The client's key, or one made for this join. */
  presenceKey: string;
  presenceEnabled: boolean;
  isPrivate: boolean;
  /** The entries as sent (echoed with their ids in the reply), and as the subscription reads them. */
  postgresChanges: { sent: Record<string, unknown>; spec: PostgresChangeSpec }[];
  /** `postgres_changes_options.wait`: a failed subscription refuses the join instead of a system message. */
  waitForChanges: boolean;
  accessToken: string | null;
}

const MAX_POSTGRES_CHANGES = 100;
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

const objectOr = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The join's configuration, or the reason it is malformed. */
export function parseJoinPayload(payload: Record<string, unknown>): JoinConfig | string {
  const config = objectOr(payload.config);
  const broadcast = objectOr(config.broadcast);
  const presence = objectOr(config.presence);
  const accessToken = payload.access_token;
  if (accessToken !== undefined && accessToken !== null && typeof accessToken !== 'string') return 'access_token must be a string';
  const rawChanges = config.postgres_changes ?? [];
  if (!Array.isArray(rawChanges)) return 'postgres_changes must be a list';
  if (rawChanges.length > MAX_POSTGRES_CHANGES) return `at most ${MAX_POSTGRES_CHANGES} postgres_changes per channel`;
  const postgresChanges: JoinConfig['postgresChanges'] = [];
  for (const entry of rawChanges) {
    const sent = objectOr(entry);
    const { event, schema, table, filter } = sent;
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) return 'postgres_changes event must be *, INSERT, UPDATE or DELETE';
    if (typeof schema !== 'string' || schema === '') return 'postgres_changes schema must be a string';
    if (table !== undefined && table !== null && typeof table !== 'string') return 'postgres_changes table must be a string';
    if (filter !== undefined && filter !== null && typeof filter !== 'string') return 'postgres_changes filter must be a string';
    const spec: PostgresChangeSpec = { event: event.toUpperCase() as PostgresChangeSpec['event'], schema };
    if (typeof table === 'string' && table !== '') spec.table = table;
    if (typeof filter === 'string' && filter !== '') spec.filter = filter;
    postgresChanges.push({ sent, spec });
  }
  return {
    ack: broadcast.ack === true,
    self: broadcast.self === true,
    presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
    // Clients before realtime-js 2.1x send no `enabled`: presence was always on for them.
    presenceEnabled: presence.enabled !== false,
    isPrivate: config.private === true,
    postgresChanges,
    waitForChanges: objectOr(config.postgres_changes_options).wait === true,
    accessToken: typeof accessToken === 'string' && accessToken !== '' ? accessToken : null,
  };
}
