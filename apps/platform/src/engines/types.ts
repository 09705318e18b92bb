/** What every database (platform or project, PGlite or Postgres server) offers the rest of the platform. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  /** Rows changed by INSERT/UPDATE/DELETE, 0 otherwise. */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2, ...). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements separated by semicolons, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where a project's database lives; stored with the project so any platform node can find it. */
export interface ProjectLocation {
  ref: string;
  /** Postgres engine: the server URL (one of PLINTH_PROJECT_SERVERS). Embedded: null. */
  server: string | null;
}

export interface ConnectionInfo {
  host: string;
  port: number;
  database: string;
  user: string;
}

export interface Engine {
  readonly name: 'embedded' | 'postgres';
  /** Work that makes the first project creation fast (embedded: builds the bootstrapped template). */
  prepare(): Promise<void>;
  /** Chooses where a new project goes, creates its database and bootstraps it (roles, schemas, helpers). */
  createProject(ref: string, options: { dbPassword: string }): Promise<ProjectLocation>;
  /** The project's database, opened on first use and kept open until closeProject(). */
  project(location: ProjectLocation): Promise<Database>;
  /** Whether the project's database answers a trivial query. */
  isLive(location: ProjectLocation): Promise<boolean>;
  /**
   * Stops every statement the platform is running in the project's database right now: a Postgres
   * server cancels them; an embedded (PGlite) database cannot be interrupted, so its worker is ended
   * and the next use reopens it.
   */
  interrupt(location: ProjectLocation): Promise<void>;
  /** Closes the project's database (pause); project() reopens it. */
  closeProject(location: ProjectLocation): Promise<void>;
  /** Removes the project's database and every file of it. */
  dropProject(location: ProjectLocation): Promise<void>;
  /** How a person connects to it directly (shown in settings). */
  connectionInfo(location: ProjectLocation): ConnectionInfo;
  /** Closes every open project database. */
  close(): Promise<void>;
}
