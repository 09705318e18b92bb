import path from 'node:path';

/** Everything the platform reads from its environment, read once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Where browsers and SDKs reach this platform; project URLs are `${publicUrl}/p/${ref}`. */
  publicUrl: string;
  dataDir: string;
  engine: 'embedded' | 'postgres';
  /** Postgres engine: the platform database. */
  databaseUrl: string | undefined;
  /** Postgres engine: servers that hold project databases. */
  projectServers: string[];
  /** Master secret for JWT and at-rest encryption keys; a key file in dataDir when unset. */
  secret: string | undefined;
  /** No mail server means sign-ups are confirmed on the spot. */
  smtpUrl: string | undefined;
  studioDir: string;
  logLevel: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}".`);
  const engine = env.PLINTH_ENGINE ?? (env.PLINTH_DATABASE_URL ? 'postgres' : 'embedded');
  if (engine !== 'embedded' && engine !== 'postgres') {
    throw new ConfigError(`PLINTH_ENGINE must be "embedded" or "postgres", got "${engine}".`);
  }
  const projectServers = (env.PLINTH_PROJECT_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (engine === 'postgres') {
    if (!env.PLINTH_DATABASE_URL) throw new ConfigError('PLINTH_ENGINE=postgres needs PLINTH_DATABASE_URL (the platform database).');
    if (projectServers.length === 0) throw new ConfigError('PLINTH_ENGINE=postgres needs PLINTH_PROJECT_SERVERS (comma-separated Postgres URLs).');
  }
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.PLINTH_DATA_DIR ?? 'data'),
    engine,
    databaseUrl: env.PLINTH_DATABASE_URL,
    projectServers,
    secret: env.PLINTH_SECRET,
    smtpUrl: env.PLINTH_SMTP_URL,
    studioDir: path.resolve(env.PLINTH_STUDIO_DIR ?? new URL('../../studio/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'warn',
  };
}
