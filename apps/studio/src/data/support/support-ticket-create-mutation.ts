import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { supportKeys } from './keys.ts';

export function useSupportTicketCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'supportTicketCreate'>) => api.post<ResponseOf<'supportTicketCreate'>>('/support/tickets', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: supportKeys.tickets() });
    },
  });
}
