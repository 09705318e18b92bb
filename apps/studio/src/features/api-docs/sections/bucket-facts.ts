/** How a bucket's settings read in the docs (spec §3 Bucket, §9 docs texts). */
import type { Bucket } from '@plinth/api-contract';
import { formatSize } from '../../storage/size-units.ts';

/** null allows every type, an empty list none. */
export function allowedMimeTypesText(types: Bucket['allowed_mime_types']): string {
  if (types === null) return 'All types are allowed';
  if (types.length === 0) return 'No types are allowed';
  return types.join(', ');
}

/** null is no limit of the bucket's own. */
export function maxFileSizeText(bytes: Bucket['file_size_limit']): string {
  return bytes === null ? 'No limit' : formatSize(bytes);
}
