import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from './keys.ts';

export function useOrganizationCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'organizationCreate'>) => api.post<ResponseOf<'organizationCreate'>>('/organizations', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
