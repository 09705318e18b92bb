import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { storageKeys } from './keys.ts';

export type BucketUpdate = BodyOf<'storageBucketUpdate'>;

export function updateBucket(ref: string, id: string, body: BucketUpdate) {
  return apiRequest<ResponseOf<'storageBucketUpdate'>>('PATCH', `/storage/${encodeURIComponent(ref)}/buckets/${encodeURIComponent(id)}`, { body });
}

/** PATCH /storage/{ref}/buckets/{id}: public, size limit, MIME types (the name is fixed). */
export function useBucketUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: BucketUpdate & { id: string }) => updateBucket(ref, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageKeys.buckets(ref) }),
  });
}
