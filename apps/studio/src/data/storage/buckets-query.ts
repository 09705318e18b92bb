import { useQuery } from '@tanstack/react-query';
import type { Bucket } from '@plinth/api-contract';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { storageKeys } from './keys.ts';

export function getBuckets(ref: string, signal?: AbortSignal) {
  return apiRequest<Bucket[]>('GET', `/storage/${encodeURIComponent(ref)}/buckets`, { signal });
}

/** GET /platform/storage/{ref}/buckets, retried up to 3 times except for a missing tenant config (spec §7). */
export function useBucketsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: storageKeys.buckets(ref),
    queryFn: ({ signal }) => getBuckets(ref as string, signal),
    enabled: !!ref,
    retry: (count, error) => count < 3 && !(error instanceof ApiError && /Tenant config .* not found/.test(error.message)),
  });
}
