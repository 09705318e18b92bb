import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardSsoUpdate, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { dashboardSsoKeys } from './keys.ts';

export function updateDashboardSso(slug: string, body: DashboardSsoUpdate) {
  return api.put<ResponseOf<'dashboardSsoUpdate'>>(`/organizations/${encodeURIComponent(slug)}/sso`, body);
}

export function useDashboardSsoUpdateMutation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DashboardSsoUpdate) => updateDashboardSso(slug, body),
    // The answer is the saved settings: no refetch needed.
    onSuccess: (saved) => queryClient.setQueryData(dashboardSsoKeys.settings(slug), saved),
  });
}
