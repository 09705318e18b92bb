import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api, isApiError } from '../../lib/api.ts';
import { reportsKeys } from './keys.ts';

export async function deleteCustomReport(ref: string, id: string) {
  try {
    return await api.delete<ResponseOf<'customReportDelete'>>(`/projects/${encodeURIComponent(ref)}/content/reports/${encodeURIComponent(id)}`);
  } catch (error) {
    // Someone else deleted it first: for this user it is deleted either way.
    if (isApiError(error) && error.status === 404) return { deleted: [id] };
    throw error;
  }
}

/** DELETE .../content/reports/{id}, then the list is read again. */
export function useCustomReportDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => deleteCustomReport(ref, id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reportsKeys.customList(ref) });
    },
  });
}
