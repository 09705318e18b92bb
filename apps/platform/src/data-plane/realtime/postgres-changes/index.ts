/**
 * Postgres changes for realtime channels: what the channel layer calls when a client joins with
 * `config.postgres_changes`. Capture is a trigger per published table sending pg_notify
 * (capture.sql); each node's feed (feed.ts) checks RLS per subscriber (visibility.ts) and delivers.
 */
import { randomInt } from 'node:crypto';
import { PlinthError } from '@plinth/errors';
import type { ProjectHandle } from '../../gateway/index.ts';
import { ChangeFeed, type Binding, type FeedSubscription } from './feed.ts';
import { parseFilter } from './filters.ts';
import { maySelect } from './visibility.ts';

/** One entry of `config.postgres_changes` in a phx_join, as realtime-js sends it. */
export interface PostgresChangeSpec {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  /** PostgREST-like `column=op.value` (eq, neq, lt, lte, gt, gte, in). */
  filter?: string;
}

/** Who is listening: the socket's verified JWT (role and claims decide what RLS lets it see). */
export interface ChangeSubscriber {
  role: string;
  claims: Record<string, unknown>;
}

/** The `data` of a `postgres_changes` event, as realtime-js reads it. */
export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  columns: { name: string; type: string }[];
  record: Record<string, unknown>;
  old_record: Record<string, unknown>;
  errors: string[] | null;
}

export interface ChangeSubscription {
  /** One id per spec, in the order given: the join reply lists them and every event names its ids. */
  ids: number[];
  /** A refreshed access token (`access_token` on the channel): RLS checks use the new claims. */
  updateSubscriber(subscriber: ChangeSubscriber): void;
  close(): void;
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
const MAX_SPECS = 100;
const feeds = new Map<string, ChangeFeed>();

function feedFor(project: ProjectHandle): ChangeFeed {
  let feed = feeds.get(project.ref);
  if (!feed) feeds.set(project.ref, (feed = new ChangeFeed(project, (stopped) => feeds.get(project.ref) === stopped && feeds.delete(project.ref))));
  return feed;
}

/** Supabase's refusal, naming the parameters, so a developer sees which binding is wrong. */
function unableToSubscribe(spec: PostgresChangeSpec, reason?: string): PlinthError {
  const filters = spec.filter ? `[${spec.filter}]` : '[]';
  return new PlinthError(
    'validation_failed',
    `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table ?? '*'}, filters: ${filters}]${reason ? ` (${reason})` : ''}`,
  );
}

async function bindingOf(feed: ChangeFeed, spec: PostgresChangeSpec, subscriber: ChangeSubscriber): Promise<Binding> {
  const event = String(spec.event ?? '').toUpperCase();
  if (!EVENTS.has(event) || typeof spec.schema !== 'string' || spec.schema === '') throw unableToSubscribe(spec, 'event must be *, INSERT, UPDATE or DELETE and schema is required');
  const table = spec.table && spec.table !== '*' ? spec.table : null;
  let filter = null;
  try {
    filter = spec.filter ? parseFilter(spec.filter) : null;
  } catch (error) {
    throw unableToSubscribe(spec, (error as Error).message);
  }
  if (table !== null) {
    const info = (await feed.tables.get(spec.schema, table)) ?? (await feed.tables.all({ fresh: true })).get(`${spec.schema}.${table}`);
    if (!info) throw unableToSubscribe(spec, 'the table is not in the supabase_realtime publication');
    if (filter && !info.columns.some((column) => column.name === filter.column)) throw unableToSubscribe(spec, `no column ${filter.column}`);
    if (!(await maySelect(feed.db, subscriber.role, spec.schema, table))) throw unableToSubscribe(spec, `role ${subscriber.role} may not select from the table`);
  }
  return { id: randomInt(1, 2 ** 31 - 1), event: event as Binding['event'], schema: spec.schema, table, filter };
}

/**
 * Starts delivering the project's changes that match `specs` and that `subscriber` may SELECT.
 * Rejects with a PlinthError when a spec is invalid (unknown table, bad filter).
 */
export async function subscribePostgresChanges(
  project: ProjectHandle,
  specs: PostgresChangeSpec[],
  subscriber: ChangeSubscriber,
  deliver: (ids: number[], data: ChangeData) => void,
): Promise<ChangeSubscription> {
  if (specs.length > MAX_SPECS) throw new PlinthError('validation_failed', `At most ${MAX_SPECS} postgres_changes bindings per channel`);
  const feed = feedFor(project);
  const bindings: Binding[] = [];
  for (const spec of specs) bindings.push(await bindingOf(feed, spec, subscriber));
  const subscription: FeedSubscription = { bindings, viewer: { role: subscriber.role, claims: subscriber.claims }, deliver };
  await feed.add(subscription);
  return {
    ids: bindings.map((binding) => binding.id),
    updateSubscriber: (next) => {
      subscription.viewer = { role: next.role, claims: next.claims };
    },
    close: () => feed.remove(subscription),
  };
}
