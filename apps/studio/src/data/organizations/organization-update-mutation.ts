import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from './keys.ts';

export function useOrganizationUpdateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'organizationUpdate'>) =>
      api.patch<ResponseOf<'organizationUpdate'>>(`/organizations/${encodeURIComponent(slug)}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
