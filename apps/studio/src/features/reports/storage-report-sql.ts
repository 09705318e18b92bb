/**
 * The Storage report's log queries over storage_logs, written against the fields storage writes
 * (apps/platform/src/data-plane/logs/storage-logs.ts): method, path, status, duration (ms), role,
 * `bytes_sent` (body bytes of the answer) and `cache_hit` (the client's cached copy was current:
 * answered 304 Not Modified, no bytes sent). The cache hit share is of downloads (GET and HEAD).
 */
import { bucketSql } from './api-overview-sql.ts';

const STATUS = "(metadata->>'status')::int";
const BYTES_SENT = "coalesce((metadata->>'bytes_sent')::bigint, 0)";
const CACHE_HIT = "coalesce((metadata->>'cache_hit')::boolean, false)";
const IS_DOWNLOAD = "metadata->>'method' in ('GET', 'HEAD')";

export const STORAGE_TOTALS_SQL = `select
  count(*) as requests,
  count(*) filter (where ${STATUS} >= 400) as errors,
  sum(${BYTES_SENT}) as bytes_sent,
  count(*) filter (where ${IS_DOWNLOAD}) as downloads,
  count(*) filter (where ${IS_DOWNLOAD} and ${CACHE_HIT}) as cache_hits
from storage_logs`;

export function storageOverTimeSql(bucketSeconds: number): string {
  return `select
  ${bucketSql(bucketSeconds)} as bucket,
  count(*) filter (where ${STATUS} < 400) as ok,
  count(*) filter (where ${STATUS} >= 400) as errors,
  sum(${BYTES_SENT}) as bytes_sent
from storage_logs
group by 1
order by 1`;
}
