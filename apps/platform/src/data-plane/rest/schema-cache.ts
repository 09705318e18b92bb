/**
 * The schema cache of one project database: loaded on first use (installing the runner too), reloaded
 * when a request names something it does not know (a table created since), at most a few times a
 * second, on demand after DDL (invalidateSchemaCache), and on `NOTIFY pgrst` (schema-listener.ts).
 * A node holds a database's caches while its REST API is used: they and their listener are dropped
 * after HOLD_MS unused, when the listener ends (the project scaled to zero, its sessions ended), or
 * when the project goes offline (dropSchemaCache).
 */
import { indexSchema, type SchemaIndex } from '@plinth/postgrest';
import type { Database, Listener } from '../../engines/types.ts';
import type { SchemaCacheLoad } from '../logs/index.ts';
import { loadCatalog } from './catalog.ts';
import { installRunner } from './runner.ts';
import { listenForReloads } from './schema-listener.ts';

export interface LoadedSchema {
  index: SchemaIndex;
  roles: Set<string>;
}

/** Misses arriving faster than this share one reload: unknown names must not become a reload storm. */
const MIN_RELOAD_INTERVAL_MS = 250;
/** Loads kept until a request logs them (a load the studio's API docs caused waits for the next REST request). */
const MAX_UNLOGGED_LOADS = 10;

export class SchemaCache {
  private current: Promise<LoadedSchema> | null = null;
  /** The settled value of `current`, so most requests need not await it. */
  private loaded: LoadedSchema | null = null;
  private loadStartedAt = 0;
  private reloading: Promise<LoadedSchema> | null = null;
  private unloggedLoads: SchemaCacheLoad[] = [];
  private loadCount = 0;

  /** `listening`: settles once the database's listener is up, so no NOTIFY after the first load is missed. */
  constructor(private readonly db: Database, private readonly schemas: string[], private readonly listening: Promise<unknown> = Promise.resolve()) {}

  get(): Promise<LoadedSchema> {
    if (!this.current) {
      const current = this.load(true);
      this.current = current;
      current.then((loaded) => { if (this.current === current) this.loaded = loaded; }, () => undefined);
    }
    return this.current;
  }

  peek(): LoadedSchema | null {
    return this.loaded;
  }

  /** A fresh load; callers arriving while one is pending share it. */
  reload(): Promise<LoadedSchema> {
    if (this.reloading) return this.reloading;
    const wait = Math.max(0, this.loadStartedAt + MIN_RELOAD_INTERVAL_MS - Date.now());
    this.reloading = new Promise<void>((resolve) => setTimeout(resolve, wait))
      .then(() => this.load(false))
      .then((loaded) => {
        this.current = Promise.resolve(loaded);
        this.loaded = loaded;
        return loaded;
      })
      .finally(() => {
        this.reloading = null;
      });
    return this.reloading;
  }

  /** Loads finished since the last call, for the project's postgrest_logs; each is handed out once. */
  takeUnloggedLoads(): SchemaCacheLoad[] | null {
    if (this.unloggedLoads.length === 0) return null;
    const loads = this.unloggedLoads;
    this.unloggedLoads = [];
    return loads;
  }

  invalidate(): void {
    this.current = null;
    this.loaded = null;
  }

  private async load(isFirst: boolean): Promise<LoadedSchema> {
    this.loadStartedAt = Date.now();
    const startedAt = performance.now();
    try {
      if (isFirst) await Promise.all([installRunner(this.db), this.listening]);
      const { data, roles } = await loadCatalog(this.db, this.schemas);
      const loaded = { index: indexSchema(data), roles };
      if (this.unloggedLoads.length < MAX_UNLOGGED_LOADS) {
        this.unloggedLoads.push({
          durationMs: performance.now() - startedAt,
          relations: data.relations.length,
          relationships: data.foreignKeys.length,
          functions: data.functions.length,
          isReload: this.loadCount > 0,
        });
      }
      this.loadCount++;
      return loaded;
    } catch (error) {
      // A failed first load is retried by the next request rather than cached.
      if (isFirst) this.current = null;
      throw error;
    }
  }
}

/** Caches unused this long are dropped with their listener (a LISTEN connection on a Postgres server). */
const HOLD_MS = 10 * 60_000;
/** A listener that could not start is tried again on a use at least this much later. */
const LISTEN_RETRY_MS = 5_000;

/** The caches a node holds of one database, by exposed-schema list, and the listener that keeps them fresh. */
interface Held {
  byList: Map<string, SchemaCache>;
  lastUsedAt: number;
  listener: Listener | null;
  listenFailedAt: number;
  /** Settles once the listener is up or failed to start: a first load waits for it. */
  listening: Promise<void>;
  /** What `NOTIFY pgrst, 'reload config'` does: the latest user's (the REST route forgets the project's settings). */
  onConfigReload: (() => void) | null;
  isDropped: boolean;
}

const held = new Map<Database, Held>();
let sweepTimer: NodeJS.Timeout | null = null;

function forEachCache(entry: Held, fn: (cache: SchemaCache) => void): void {
  for (const cache of entry.byList.values()) fn(cache);
}

function listen(db: Database, entry: Held): Promise<void> {
  return listenForReloads(db, {
    schema: () => forEachCache(entry, (cache) => cache.invalidate()),
    config: () => entry.onConfigReload?.(),
    // Notifications sent from now on would be missed: the caches go with the listener.
    lost: () => drop(db, entry),
  }).then(async (listener) => {
    if (entry.isDropped) return void (await listener.close());
    // Up after a failed start: what was notified meanwhile is unknown, so the caches reload.
    if (entry.listenFailedAt > 0) forEachCache(entry, (cache) => cache.invalidate());
    entry.listener = listener;
  }, () => {
    entry.listenFailedAt = Date.now();
  });
}

function drop(db: Database, entry: Held): void {
  if (entry.isDropped) return;
  entry.isDropped = true;
  if (held.get(db) === entry) held.delete(db);
  forEachCache(entry, (cache) => cache.invalidate());
  void entry.listener?.close().catch(() => undefined);
  entry.listener = null;
  if (held.size === 0 && sweepTimer) {
    clearInterval(sweepTimer);
    sweepTimer = null;
  }
}

function sweep(): void {
  const now = Date.now();
  for (const [db, entry] of held) if (now - entry.lastUsedAt > HOLD_MS) drop(db, entry);
}

function hold(db: Database): Held {
  const entry: Held = {
    byList: new Map(), lastUsedAt: Date.now(), listener: null, listenFailedAt: 0, listening: Promise.resolve(), onConfigReload: null, isDropped: false,
  };
  held.set(db, entry);
  sweepTimer ??= setInterval(sweep, HOLD_MS / 4).unref();
  entry.listening = listen(db, entry);
  return entry;
}

/**
 * One cache per database object and exposed-schema list (a changed list is a different API); its use
 * keeps the database's caches held. `onConfigReload` is what `NOTIFY pgrst, 'reload config'` does.
 */
export function schemaCacheFor(db: Database, schemas: string[], onConfigReload?: () => void): SchemaCache {
  let entry = held.get(db);
  if (!entry) entry = hold(db);
  else if (!entry.listener && entry.listenFailedAt > 0 && Date.now() - entry.listenFailedAt > LISTEN_RETRY_MS) {
    entry.listenFailedAt = Date.now();
    entry.listening = listen(db, entry);
  }
  entry.lastUsedAt = Date.now();
  if (onConfigReload) entry.onConfigReload = onConfigReload;
  const key = schemas.join('\u0000');
  let cache = entry.byList.get(key);
  if (!cache) entry.byList.set(key, (cache = new SchemaCache(db, schemas, entry.listening)));
  return cache;
}

/** Drops every cached schema of this database: call after DDL made through the platform. */
export function invalidateSchemaCache(db: Database): void {
  const entry = held.get(db);
  if (entry) forEachCache(entry, (cache) => cache.invalidate());
}

/** Lets go of this database's caches and their listener (the project goes offline). */
export function dropSchemaCache(db: Database): void {
  const entry = held.get(db);
  if (entry) drop(db, entry);
}
