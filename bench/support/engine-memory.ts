// What each engine's projects cost in memory (PSS, see pss.ts), and how to end their idle pool
// connections as the pool's own idle time-out (30 s, pg-database.ts) would, without waiting for it.
import pg from 'pg';
import { LocalEngine, type Engine, type ProjectLocation } from '../../apps/platform/src/engines/index.ts';
import { LOCAL_SUPERUSER, socketPool } from '../../apps/platform/src/engines/local/local-engine.ts';
import { pssOf, pssSum, processTree } from './pss.ts';

export interface MemoryProbe {
  /** What it counts, for the report. */
  readonly counts: string;
  /** Bytes the projects take together now. */
  measure(locations: ProjectLocation[]): Promise<number>;
  /** Ends the platform's idle pooled connections to the projects: how many, or null when the engine has none. */
  closePoolConnections(locations: ProjectLocation[]): Promise<number | null>;
  close(): Promise<void>;
}

/** Every cluster's postmaster and its children (server processes and one backend per connection). */
function localProbe(engine: LocalEngine): MemoryProbe {
  return {
    counts: 'PSS of each cluster: postmaster + its child processes',
    async measure(locations) {
      return locations.reduce((sum, location) => {
        const pid = engine.postmasterPid(location);
        if (pid === null) throw new Error(`project ${location.ref}'s cluster is not running`);
        return sum + pssSum(processTree(pid));
      }, 0);
    },
    async closePoolConnections(locations) {
      const ended = await Promise.all(locations.map(async (location) => {
        const admin = socketPool(engine.connectionInfo(location).host, LOCAL_SUPERUSER, 1);
        try {
          // With a time-out, pg_terminate_backend returns once the backend has exited.
          const { rows } = await admin.query<{ ended: number }>(`select count(pg_terminate_backend(pid, 5000))::int as ended
            from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`);
          return rows[0].ended;
        } finally {
          await admin.close();
        }
      }));
      return ended.reduce((a, b) => a + b, 0);
    },
    close: async () => undefined,
  };
}

/** PGlite workers are threads of this process: its PSS over what it was before any project. */
function embeddedProbe(): MemoryProbe {
  const baseline = pssOf('self');
  return {
    counts: 'PSS of this Node process over its baseline (PGlite worker threads)',
    measure: async () => pssOf('self') - baseline,
    closePoolConnections: async () => null,
    close: async () => undefined,
  };
}

/** The server's backends connected to the projects' databases; its shared processes serve everyone. */
function postgresProbe(engine: Engine, serverUrl: string): MemoryProbe {
  const admin = new pg.Pool({ connectionString: serverUrl, max: 1 });
  const backends = async (locations: ProjectLocation[]) => {
    const databases = locations.map((location) => engine.connectionInfo(location).database);
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = any($1)', [databases]);
    return { databases, pids: rows.map((row) => row.pid) };
  };
  return {
    counts: "PSS of the server's backends on the projects' databases (not its shared processes)",
    measure: async (locations) => pssSum((await backends(locations)).pids),
    async closePoolConnections(locations) {
      const { databases } = await backends(locations);
      const { rows } = await admin.query<{ ended: number }>(
        'select count(pg_terminate_backend(pid, 5000))::int as ended from pg_stat_activity where datname = any($1)',
        [databases],
      );
      return rows[0].ended;
    },
    close: () => admin.end(),
  };
}

/** Taken after prepare() and before the first project: the embedded baseline is this moment. */
export function memoryProbe(engine: Engine, serverUrl: string): MemoryProbe {
  if (engine instanceof LocalEngine) return localProbe(engine);
  if (engine.name === 'embedded') return embeddedProbe();
  return postgresProbe(engine, serverUrl);
}
