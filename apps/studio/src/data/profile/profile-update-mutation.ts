import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { profileKeys } from './keys.ts';

export function useProfileUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'profileUpdate'>) => api.patch<ResponseOf<'profileUpdate'>>('/profile', body),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.detail(), profile),
  });
}
