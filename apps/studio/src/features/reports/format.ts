/** How report figures read. */
import { formatBytes } from '../storage-explorer/items.ts';
import { numberOf } from './chart-data.ts';

export { formatBytes };

export function formatCount(value: unknown): string {
  const n = numberOf(value);
  return n === null ? '—' : n.toLocaleString();
}

export function formatMs(value: unknown): string {
  const n = numberOf(value);
  if (n === null) return '—';
  return `${n >= 100 ? Math.round(n).toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 1 })} ms`;
}

/** A share 0..1 as a percentage; '—' when there is nothing to divide. */
export function formatShare(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${(value * 100).toLocaleString(undefined, { maximumFractionDigits: value < 0.1 ? 2 : 1 })}%`;
}

export function share(part: unknown, whole: unknown): number | null {
  const p = numberOf(part);
  const w = numberOf(whole);
  return p === null || w === null || w === 0 ? null : p / w;
}
