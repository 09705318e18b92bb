/** What a bucket and the project allow an upload to be: its size and its content type. */
import { StorageError } from './errors.ts';

/** `image/*` allows every image type; an empty list allows none; null allows all. */
export function isMimeTypeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (allowed === null) return true;
  const type = mimeType.split(';')[0].trim().toLowerCase();
  return allowed.some((pattern) => {
    const rule = pattern.trim().toLowerCase();
    return rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule;
  });
}

export function assertMimeType(mimeType: string, allowed: string[] | null): void {
  if (!isMimeTypeAllowed(mimeType, allowed)) throw new StorageError('InvalidMimeType', `mime type ${mimeType} is not supported`);
}

/** The smaller of the bucket's own limit and the project's global upload limit (which overrides it). */
export function uploadLimit(bucketLimit: number | null, projectLimit: number): number {
  return bucketLimit === null ? projectLimit : Math.min(bucketLimit, projectLimit);
}
