import type { DatabaseSettings } from '../../data/database-settings/database-settings-query.ts';

/** One way in: a pooler port (by mode) or the project's own server. */
export interface ConnectionTarget {
  id: 'transaction' | 'session' | 'direct';
  label: string;
  description: string;
  host: string;
  port: number;
  user: string;
  database: string;
  uri: string;
}

export const CLIENTS = [
  { value: 'uri', label: 'URI' },
  { value: 'psql', label: 'psql' },
  { value: 'jdbc', label: 'JDBC' },
  { value: 'dotnet', label: '.NET' },
  { value: 'prisma', label: 'Prisma' },
  { value: 'drizzle', label: 'Drizzle' },
] as const;
export type ClientId = (typeof CLIENTS)[number]['value'];

const PASSWORD = '[YOUR-PASSWORD]';

/** The targets this project offers, in the order the tabs show them. */
export function connectionTargets(settings: DatabaseSettings): ConnectionTarget[] {
  const targets: ConnectionTarget[] = settings.pooler.map((entry, index) => {
    // The first entry is the main pooler port (its mode is the pool mode); a second is the session port.
    const isMain = index === 0;
    return {
      id: isMain ? 'transaction' : 'session',
      label: isMain ? (entry.pool_mode === 'transaction' ? 'Transaction pooler' : 'Shared pooler (session mode)') : 'Session pooler',
      description: isMain && entry.pool_mode === 'transaction'
        ? 'For serverless and short-lived connections: each transaction borrows a server connection. Session state (SET, LISTEN, temporary tables, advisory locks) does not carry over between transactions.'
        : 'For long-lived clients that need session features; each client holds a server connection while connected.',
      host: entry.db_host, port: entry.db_port, user: entry.db_user, database: entry.db_name, uri: entry.connection_string,
    };
  });
  if (settings.direct) {
    const d = settings.direct;
    targets.push({
      id: 'direct', label: 'Direct connection', description: "Straight to the project's own database server, bypassing the pooler.",
      host: d.host, port: d.port, user: d.user, database: d.name, uri: d.connection_string,
    });
  }
  return targets;
}

/** Prisma needs a session-capable URL for migrations beside the pooled one it queries through. */
function prismaDirectUrl(targets: ConnectionTarget[]): string {
  const session = targets.find((t) => t.id === 'direct') ?? targets.find((t) => t.id === 'session');
  return (session ?? targets[0]).uri;
}

/** The text a client takes: a URI, a command, a connection string or a snippet. */
export function clientSnippet(client: ClientId, target: ConnectionTarget, targets: ConnectionTarget[]): string {
  const isTransaction = target.id === 'transaction';
  switch (client) {
    case 'uri':
      return target.uri;
    case 'psql':
      return `psql -h ${target.host} -p ${target.port} -d ${target.database} -U ${target.user}`;
    case 'jdbc':
      return `jdbc:postgresql://${target.host}:${target.port}/${target.database}?user=${target.user}&password=${PASSWORD}`;
    case 'dotnet':
      return `User Id=${target.user};Password=${PASSWORD};Server=${target.host};Port=${target.port};Database=${target.database}`;
    case 'prisma':
      return [
        '# .env',
        '# Connect to the database through the connection pooler',
        `DATABASE_URL="${target.uri}${isTransaction ? '?pgbouncer=true' : ''}"`,
        '# A session-capable connection, used for migrations',
        `DIRECT_URL="${prismaDirectUrl(targets)}"`,
      ].join('\n');
    case 'drizzle':
      return [
        '// .env: DATABASE_URL="' + target.uri + '"',
        "import { drizzle } from 'drizzle-orm/postgres-js';",
        "import postgres from 'postgres';",
        '',
        'const connectionString = process.env.DATABASE_URL!;',
        ...(isTransaction ? ['// Transaction pool mode does not support prepared statements'] : []),
        `const client = postgres(connectionString${isTransaction ? ', { prepare: false }' : ''});`,
        'export const db = drizzle(client);',
      ].join('\n');
  }
}
