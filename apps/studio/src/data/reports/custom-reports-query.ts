import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { reportsKeys } from './keys.ts';

export function getCustomReports(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'customReportsList'>>(`/projects/${encodeURIComponent(ref)}/content/reports`, { signal });
}

/** GET .../content/reports: the caller's own custom reports and the project's shared ones. */
export function useCustomReportsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: reportsKeys.customList(ref),
    queryFn: ({ signal }) => getCustomReports(ref ?? '', signal),
    enabled: !!ref,
    select: (answer) => answer.data,
  });
}
