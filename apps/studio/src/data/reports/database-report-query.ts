import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { reportsKeys } from './keys.ts';

export function getDatabaseReport(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'databaseReport'>>(`/projects/${encodeURIComponent(ref)}/reports/database`, { signal });
}

/** GET .../reports/database: the project database now (size, connections, hit rates, largest tables). */
export function useDatabaseReportQuery(ref: string | undefined) {
  return useQuery({
    queryKey: reportsKeys.database(ref),
    queryFn: ({ signal }) => getDatabaseReport(ref ?? '', signal),
    enabled: !!ref,
    // A snapshot: it is read again when the page opens or Refresh is pressed, never on focus.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
