import { useQuery } from '@tanstack/react-query';
import type { Organization, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { organizationKeys } from './keys.ts';

export function getOrganizations(signal?: AbortSignal) {
  return api.get<ResponseOf<'organizations'>>('/organizations', { signal });
}

export function useOrganizationsQuery() {
  return useQuery({ queryKey: organizationKeys.list(), queryFn: ({ signal }) => getOrganizations(signal) });
}

/** One organisation out of the caller's list (which carries the caller's role in it). */
export function useOrganization(slug: string | undefined): {
  organization: Organization | undefined;
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
} {
  const query = useOrganizationsQuery();
  return {
    organization: slug ? query.data?.find((org) => org.slug === slug) : undefined,
    isLoading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
