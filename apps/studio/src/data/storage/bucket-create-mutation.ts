import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { storageKeys } from './keys.ts';

export type BucketCreate = BodyOf<'storageBucketCreate'>;

export function createBucket(ref: string, body: BucketCreate) {
  return apiRequest<ResponseOf<'storageBucketCreate'>>('POST', `/storage/${encodeURIComponent(ref)}/buckets`, { body });
}

/** POST /storage/{ref}/buckets; the sidebar's list gains the bucket. */
export function useBucketCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BucketCreate) => createBucket(ref, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageKeys.buckets(ref) }),
  });
}
