import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { bucketPath } from './keys.ts';

/** POST .../objects/sign: an absolute signed URL valid for `expiresIn` seconds. */
export async function signObject(ref: string, bucketId: string, path: string, expiresIn: number): Promise<string> {
  const result = await apiRequest<ResponseOf<'storageObjectSign'>>('POST', `${bucketPath(ref, bucketId)}/objects/sign`, { body: { path, expiresIn } });
  return result.signedUrl;
}
