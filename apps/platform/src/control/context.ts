import type { Config } from '../config.ts';
import type { Database, Engine } from '../engines/types.ts';
import type { BackgroundJobs } from './background-jobs.ts';
import type { Secrets } from './secrets.ts';

/** What the control-plane domain needs; built once in main.ts. */
export interface ControlContext {
  config: Config;
  db: Database;
  engine: Engine;
  secrets: Secrets;
  jobs: BackgroundJobs;
  log: { info(message: string): void; error(message: string): void };
}

/** Who is acting, for permissions and the audit trail. */
export interface Actor {
  userId: string;
  email: string;
  ip: string | null;
}
