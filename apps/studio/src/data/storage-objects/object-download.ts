import { apiDownload } from '../../lib/api.ts';
import { bucketPath } from './keys.ts';

/** POST .../objects/download: the object's bytes. */
export function downloadObject(ref: string, bucketId: string, path: string, signal?: AbortSignal): Promise<Blob> {
  return apiDownload('POST', `${bucketPath(ref, bucketId)}/objects/download`, { body: { path }, signal });
}
