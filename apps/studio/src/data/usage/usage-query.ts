import { useQuery } from '@tanstack/react-query';
import type { OrganizationUsage } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { usageKeys } from './keys.ts';

/** GET /organizations/{slug}/usage: each metric over the billing cycle against the plan. */
export function getOrganizationUsage(slug: string, projectRef: string | null, signal?: AbortSignal): Promise<OrganizationUsage> {
  return api.get<OrganizationUsage>(`/organizations/${encodeURIComponent(slug)}/usage`, { signal, query: projectRef ? { project_ref: projectRef } : undefined });
}

export function useOrganizationUsageQuery(slug: string | undefined, projectRef: string | null = null) {
  return useQuery({ queryKey: usageKeys.usage(slug, projectRef), queryFn: ({ signal }) => getOrganizationUsage(slug ?? '', projectRef, signal), enabled: !!slug });
}
