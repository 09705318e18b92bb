/**
 * pgbouncer_logs: one entry per client connection the pooler accepts, refuses or closes, as
 * PgBouncer logs them ("login attempt", "closing because: ..."), with the client's address, the
 * user and the mode. Never a password or a query's text.
 */
import type { LogWriter } from '../logs/log-writer.ts';

export interface PoolerEvent {
  projectRef: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  clientAddress: string;
  user: string;
  mode: 'transaction' | 'session';
  errorCode?: string;
}

export function writePoolerLog(logs: LogWriter, event: PoolerEvent): void {
  logs.write('pgbouncer_logs', event.projectRef, `${event.clientAddress} ${event.user}: ${event.message}`, {
    level: event.level,
    client_addr: event.clientAddress,
    user: event.user,
    database: 'postgres',
    pool_mode: event.mode,
    ...(event.errorCode && { error_code: event.errorCode }),
  });
}
