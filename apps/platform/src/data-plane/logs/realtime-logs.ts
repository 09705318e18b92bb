/**
 * realtime_logs: what Supabase Realtime logs per project: sockets connecting and leaving, channel
 * joins (accepted or refused, with the reason), channels the server closed, and the errors a socket
 * caused (malformed frames, unknown events, refused pushes). Payloads and tokens never reach it;
 * broadcasts themselves are not logged one by one (they are counted for the plan's quota).
 */
import type { LogWriter } from './log-writer.ts';

export type RealtimeLogEvent =
  | { kind: 'connected'; vsn: string; role: string; remoteAddress: string }
  | { kind: 'refused'; status: number; code: string; message: string; remoteAddress: string }
  | { kind: 'disconnected'; code: number; channels: number; durationMs: number }
  | { kind: 'joined'; topic: string; isPrivate: boolean; role: string; postgresChanges: number; presence: boolean }
  | { kind: 'join_refused'; topic: string; isPrivate: boolean; role: string | null; reason: string }
  | { kind: 'channel_closed'; topic: string; reason: string }
  | { kind: 'error'; topic: string | null; event: string | null; reason: string };

export function writeRealtimeLog(logs: LogWriter, projectRef: string, socketId: string, event: RealtimeLogEvent): void {
  const base = { socket_id: socketId, external_id: projectRef };
  switch (event.kind) {
    case 'connected':
      logs.write('realtime_logs', projectRef, `Socket connected (vsn ${event.vsn}, role ${event.role})`, {
        ...base, level: 'info', event: 'connect', vsn: event.vsn, role: event.role, remote_addr: event.remoteAddress,
      });
      return;
    case 'refused':
      logs.write('realtime_logs', projectRef, `Socket refused ${event.status} ${event.code}: ${event.message}`, {
        ...base, level: 'warning', event: 'connect', status: event.status, error_code: event.code, error: event.message, remote_addr: event.remoteAddress,
      });
      return;
    case 'disconnected':
      logs.write('realtime_logs', projectRef, `Socket disconnected (code ${event.code})`, {
        ...base, level: 'info', event: 'disconnect', code: event.code, channels: event.channels, duration: Math.round(event.durationMs),
      });
      return;
    case 'joined':
      logs.write('realtime_logs', projectRef, `Joined ${event.topic}`, {
        ...base, level: 'info', event: 'join', topic: event.topic, private: event.isPrivate, role: event.role,
        postgres_changes: event.postgresChanges, presence: event.presence,
      });
      return;
    case 'join_refused':
      logs.write('realtime_logs', projectRef, `Join refused ${event.topic}: ${event.reason}`, {
        ...base, level: 'warning', event: 'join', topic: event.topic, private: event.isPrivate, role: event.role, error: event.reason,
      });
      return;
    case 'channel_closed':
      logs.write('realtime_logs', projectRef, `Channel closed ${event.topic}: ${event.reason}`, {
        ...base, level: 'warning', event: 'channel_shutdown', topic: event.topic, error: event.reason,
      });
      return;
    case 'error':
      logs.write('realtime_logs', projectRef, `${event.event ?? 'frame'} ${event.topic ?? ''}: ${event.reason}`.replace(/ {2}/, ' '), {
        ...base, level: 'error', event: event.event, topic: event.topic, error: event.reason,
      });
  }
}
