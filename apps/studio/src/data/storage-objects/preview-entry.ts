/** Spec §3 "File preview cache entry". */
export interface PreviewEntry {
  id: string;
  url: string;
  /** Seconds; null for a public URL, which does not expire. */
  expiresIn: number | null;
  fetchedAt: number;
}

/** How long an entry stays usable: until its expiry, for ever for a public URL. */
export function previewStaleTime(entry: PreviewEntry | undefined, now: number): number {
  if (!entry) return 0;
  if (entry.expiresIn === null) return Infinity;
  return Math.max(0, entry.fetchedAt + entry.expiresIn * 1000 - now);
}
