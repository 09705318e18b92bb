import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, CustomReport, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { reportsKeys } from './keys.ts';

export type CustomReportSave = BodyOf<'customReportUpsert'>;

export function saveCustomReport(ref: string, body: CustomReportSave) {
  return apiRequest<ResponseOf<'customReportUpsert'>>('PUT', `/projects/${encodeURIComponent(ref)}/content/reports`, { body });
}

/** PUT .../content/reports: creates a report under a client-chosen id, or saves all of it over the last copy. */
export function useCustomReportUpsertMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomReportSave) => saveCustomReport(ref, body),
    onSuccess: async (saved) => {
      // The saved copy shows at once; the list is read again because names and order may change.
      queryClient.setQueryData<{ data: CustomReport[] }>(reportsKeys.customList(ref), (current) =>
        current ? { data: [...current.data.filter((report) => report.id !== saved.id), saved] } : current,
      );
      await queryClient.invalidateQueries({ queryKey: reportsKeys.customList(ref) });
    },
  });
}
