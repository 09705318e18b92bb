import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { bucketPath } from './keys.ts';

/** POST .../objects/public-url: the absolute URL of an object in a public bucket. */
export async function getPublicUrl(ref: string, bucketId: string, path: string): Promise<string> {
  const result = await apiRequest<ResponseOf<'storageObjectPublicUrl'>>('POST', `${bucketPath(ref, bucketId)}/objects/public-url`, { body: { path } });
  return result.publicUrl;
}
