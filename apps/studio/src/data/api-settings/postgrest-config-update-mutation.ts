import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiSettingsKeys } from './keys.ts';
import type { PostgrestConfig } from './postgrest-config-query.ts';

export function usePostgrestConfigUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'postgrestConfigUpdate'>) => api.patch<PostgrestConfig>(`/projects/${encodeURIComponent(ref)}/config/postgrest`, body),
    onSuccess: async (config) => {
      queryClient.setQueryData(apiSettingsKeys.postgrestConfig(ref), config);
      // The API docs are generated from what is exposed: a new schema list changes them.
      await queryClient.invalidateQueries({ queryKey: ['projects', ref, 'api-docs'] });
    },
  });
}
