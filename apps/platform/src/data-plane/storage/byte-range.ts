/** The one range of an HTTP `Range: bytes=...` header against an object of `size` bytes (RFC 9110 §14). */
import type { ByteRange } from './object-stores/index.ts';

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: Required<ByteRange> } | { kind: 'unsatisfiable' };

/** Several ranges or a malformed header are served whole, as servers may; only a range past the end is refused. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'none' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return size === 0 ? { kind: 'unsatisfiable' } : { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}
