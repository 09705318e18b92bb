import { useQuery } from '@tanstack/react-query';
import { querySql } from '../sql/execute-sql.ts';
import { reportsKeys } from './keys.ts';

export interface StorageObjectsTotals {
  objects: number;
  bytes: number;
}

// The size storage records for each object (what its uploads wrote), summed as storage itself does.
const TOTALS_SQL = `select count(*)::bigint as objects, coalesce(sum((metadata->>'size')::bigint), 0)::bigint as bytes
from storage.objects`;

export async function getStorageObjectsTotals(ref: string, signal?: AbortSignal): Promise<StorageObjectsTotals> {
  const [row] = await querySql<{ objects: unknown; bytes: unknown }>(ref, TOTALS_SQL, signal);
  return { objects: Number(row?.objects ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Objects and their total size now, read from the project database (the SQL editor's query path). */
export function useStorageObjectsTotalsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: reportsKeys.storageObjects(ref),
    queryFn: ({ signal }) => getStorageObjectsTotals(ref ?? '', signal),
    enabled: !!ref,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
