import { useQuery } from '@tanstack/react-query';
import type { DailyUsage } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { usageKeys } from './keys.ts';

/** GET /organizations/{slug}/usage/daily: the cycle's figures per UTC day, for the charts. */
export function getDailyUsage(slug: string, projectRef: string | null, signal?: AbortSignal): Promise<DailyUsage> {
  return api.get<DailyUsage>(`/organizations/${encodeURIComponent(slug)}/usage/daily`, { signal, query: projectRef ? { project_ref: projectRef } : undefined });
}

export function useDailyUsageQuery(slug: string | undefined, projectRef: string | null = null) {
  return useQuery({ queryKey: usageKeys.daily(slug, projectRef), queryFn: ({ signal }) => getDailyUsage(slug ?? '', projectRef, signal), enabled: !!slug });
}
