import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { profileKeys } from './keys.ts';

export function useProfileQuery() {
  return useQuery({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => api.get<ResponseOf<'profile'>>('/profile', { signal }),
    staleTime: 5 * 60_000,
  });
}
