import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { supportKeys } from './keys.ts';

export function useSupportTicketsQuery() {
  return useQuery({
    queryKey: supportKeys.tickets(),
    queryFn: ({ signal }) => api.get<ResponseOf<'supportTickets'>>('/support/tickets', { signal }),
  });
}
