/**
 * Conditional downloads (RFC 9110 §13.1): whether the copy a client holds is still current, so the
 * download is answered 304 Not Modified with no body, as storage-api answers If-None-Match and
 * If-Modified-Since. If-None-Match decides when present (weak comparison: W/"x" matches "x"),
 * else If-Modified-Since, at the one-second precision of HTTP dates.
 */
export function isNotModified(
  headers: { 'if-none-match'?: string | string[]; 'if-modified-since'?: string | string[] },
  etag: string | null,
  lastModified: Date,
): boolean {
  const ifNoneMatch = headerOf(headers['if-none-match']);
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    if (!etag) return false;
    const current = opaque(etag);
    return ifNoneMatch.split(',').some((tag) => opaque(tag) === current);
  }
  const ifModifiedSince = headerOf(headers['if-modified-since']);
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

const headerOf = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(',') : value);

/** The entity tag without its weakness marker and whitespace, for weak comparison. */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
