/** Realtime (Phoenix channels over websockets): broadcast, presence, Postgres changes. */
export { realtimeServiceFor, RealtimeService } from './service.ts';
export { RealtimeSocket, type SocketOptions } from './socket.ts';
export { broadcastFromRest, parseBroadcastBatch, type RestBroadcast } from './rest-broadcast.ts';
export { VSNS, type Vsn } from './protocol.ts';
export { realtimeSettingsOf, DEFAULT_REALTIME_SETTINGS, type RealtimeSettings } from './settings.ts';
export { ensureRealtimeSchema } from './schema.ts';
