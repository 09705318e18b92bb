import { useQuery } from '@tanstack/react-query';
import { getPublicUrl } from './object-public-url.ts';
import { signObject } from './object-sign.ts';
import { storageObjectKeys } from './keys.ts';
import { previewStaleTime, type PreviewEntry } from './preview-entry.ts';

interface PreviewFile {
  id: string;
  path: string;
}

export async function fetchPreviewUrl(ref: string, bucketId: string, isPublic: boolean, file: PreviewFile, signedExpiry: number): Promise<PreviewEntry> {
  const fetchedAt = Date.now();
  if (isPublic) {
    // Spec §4: public preview URLs get a timestamp, so a re-uploaded file is not served from cache.
    const url = new URL(await getPublicUrl(ref, bucketId, file.path));
    url.searchParams.set('t', String(fetchedAt));
    return { id: file.id, url: url.toString(), expiresIn: null, fetchedAt };
  }
  return { id: file.id, url: await signObject(ref, bucketId, file.path, signedExpiry), expiresIn: signedExpiry, fetchedAt };
}

/** The preview panel's URL; the entry is reused until it expires (spec §4 "File preview"). */
export function useFilePreviewQuery(ref: string, bucketId: string, isPublic: boolean, file: PreviewFile | null, signedExpiry: number) {
  return useQuery({
    queryKey: storageObjectKeys.preview(ref, bucketId, file?.id ?? '', file?.path ?? ''),
    queryFn: () => fetchPreviewUrl(ref, bucketId, isPublic, file as PreviewFile, signedExpiry),
    enabled: !!file,
    staleTime: (query) => previewStaleTime(query.state.data, Date.now()),
    gcTime: 60 * 60 * 1000,
    retry: false,
  });
}
