/**
 * Upload size units of the bucket forms and the storage settings (spec §9: bytes, KB, MB, GB,
 * factor 1024; the display unit is chosen up to GB, since 5 GB is the largest upload).
 */
import { GB, KB, MB } from '@plinth/plans';

export const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

const FACTORS: Record<SizeUnit, number> = { bytes: 1, KB, MB, GB };

export function isSizeUnit(value: string): value is SizeUnit {
  return (SIZE_UNITS as readonly string[]).includes(value);
}

/** Spec §5: converted with powers of 1024; a negative value or an unknown unit gives 0. */
export function toBytes(value: number, unit: string): number {
  if (!Number.isFinite(value) || value < 0 || !isSizeUnit(unit)) return 0;
  return Math.round(value * FACTORS[unit]);
}

/** `bytes` expressed in `unit`, possibly fractional (5 GB in MB is 5120). */
export function fromBytes(bytes: number, unit: SizeUnit): number {
  return bytes / FACTORS[unit];
}

/**
 * The largest unit (up to GB) that shows `bytes` as a whole number. Whole numbers matter because
 * the size fields take digits only: 1.5 MB is shown as 1536 KB, so saving an untouched form sends
 * back exactly the bytes it was given.
 */
export function displaySize(bytes: number): { value: number; unit: SizeUnit } {
  for (const unit of [...SIZE_UNITS].reverse()) {
    if (bytes > 0 && bytes % FACTORS[unit] === 0) return { value: bytes / FACTORS[unit], unit };
  }
  return { value: Math.max(0, Math.round(bytes)), unit: 'bytes' };
}

/** '50 MB', '5 GB', '1536 KB'. */
export function formatSize(bytes: number): string {
  const { value, unit } = displaySize(bytes);
  return `${value.toLocaleString('en-US')} ${unit}`;
}

/** Spec §5: the size fields take digits only, step 1. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}
