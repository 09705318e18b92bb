import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { bucketPath } from './keys.ts';

/** POST .../objects/move: renames and moves are both a move within the bucket. */
export function moveObject(ref: string, bucketId: string, from: string, to: string) {
  return apiRequest<ResponseOf<'storageObjectsMove'>>('POST', `${bucketPath(ref, bucketId)}/objects/move`, { body: { from, to } });
}
