import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { bucketPath } from './keys.ts';

/** DELETE /storage/{ref}/buckets/{id}/objects: the paths that were deleted. */
export function deleteObjects(ref: string, bucketId: string, paths: string[]) {
  return apiRequest<ResponseOf<'storageObjectsDelete'>>('DELETE', `${bucketPath(ref, bucketId)}/objects`, { body: { paths } });
}

export interface DeleteOutcome {
  deleted: string[];
  failed: { paths: string[]; error: unknown }[];
}

/**
 * Spec §9: delete calls carry `perCall` paths each, `parallel` calls at a time. A failed call does
 * not stop the others; the caller reports what failed.
 */
export async function deleteObjectsInBatches(ref: string, bucketId: string, paths: string[], perCall: number, parallel: number): Promise<DeleteOutcome> {
  const calls: string[][] = [];
  for (let i = 0; i < paths.length; i += perCall) calls.push(paths.slice(i, i + perCall));
  const outcome: DeleteOutcome = { deleted: [], failed: [] };
  for (let i = 0; i < calls.length; i += parallel) {
    const round = calls.slice(i, i + parallel);
    const results = await Promise.allSettled(round.map((chunk) => deleteObjects(ref, bucketId, chunk)));
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') outcome.deleted.push(...round[index]);
      else outcome.failed.push({ paths: round[index], error: result.reason });
    });
  }
  return outcome;
}
