/** The logging path of every data-plane service: one writer, one relation per source, redaction built in. */
export { LOG_SOURCES, isLogSource, type LogMetadata, type LogSource } from './sources.ts';
export { LogWriter, type LogWriterOptions } from './log-writer.ts';
export { REDACTED, isSecretName, redactMetadata, redactText } from './redact.ts';
export { writeEdgeLog, type EdgeRequest } from './edge-logs.ts';
export { withoutValues, writeRestFailure, writeSchemaCacheLoad, type RestFailure, type SchemaCacheLoad } from './postgrest-logs.ts';
export { writeAuthLogs, type AuthRequest } from './auth-logs.ts';
export { writeStorageLog, type StorageRequest } from './storage-logs.ts';
export { writeRealtimeLog, type RealtimeLogEvent } from './realtime-logs.ts';
