import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { storageKeys } from './keys.ts';

function bucketPath(ref: string, id: string) {
  return `/storage/${encodeURIComponent(ref)}/buckets/${encodeURIComponent(id)}`;
}

export function emptyBucket(ref: string, id: string) {
  return apiRequest<ResponseOf<'storageBucketEmpty'>>('POST', `${bucketPath(ref, id)}/empty`);
}

export function deleteBucket(ref: string, id: string) {
  return apiRequest<ResponseOf<'storageBucketDelete'>>('DELETE', bucketPath(ref, id));
}

/** Spec §4: empty the bucket, then delete it (a bucket with objects cannot be deleted). */
export function useBucketDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await emptyBucket(ref, id);
      return deleteBucket(ref, id);
    },
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: storageKeys.objects(ref, id) });
      await queryClient.invalidateQueries({ queryKey: storageKeys.buckets(ref) });
    },
  });
}
