/**
 * The schema cache of one project database: loaded on first use (installing the runner too), reloaded
 * when a request names something it does not know (a table created since), at most a few times a
 * second, and on demand after DDL (invalidateSchemaCache).
 */
import { indexSchema, type SchemaIndex } from '@plinth/postgrest';
import type { Database } from '../../engines/types.ts';
import type { SchemaCacheLoad } from '../logs/index.ts';
import { loadCatalog } from './catalog.ts';
import { installRunner } from './runner.ts';

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

  constructor(private readonly db: Database, private readonly schemas: string[]) {}

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
      if (isFirst) await installRunner(this.db);
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

const caches = new WeakMap<Database, Map<string, SchemaCache>>();

/** One cache per database object and exposed-schema list (a changed list is a different API). */
export function schemaCacheFor(db: Database, schemas: string[]): SchemaCache {
  let byList = caches.get(db);
  if (!byList) caches.set(db, (byList = new Map()));
  const key = schemas.join('\u0000');
  let cache = byList.get(key);
  if (!cache) byList.set(key, (cache = new SchemaCache(db, schemas)));
  return cache;
}

/** Drops every cached schema of this database: call after DDL made through the platform. */
export function invalidateSchemaCache(db: Database): void {
  for (const cache of caches.get(db)?.values() ?? []) cache.invalidate();
}
