import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { dashboardSsoKeys } from './keys.ts';

export function getDashboardSso(slug: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'dashboardSso'>>(`/organizations/${encodeURIComponent(slug)}/sso`, { signal });
}

export function useDashboardSsoQuery(slug: string | undefined) {
  return useQuery({ queryKey: dashboardSsoKeys.settings(slug), queryFn: ({ signal }) => getDashboardSso(slug ?? '', signal), enabled: !!slug });
}
