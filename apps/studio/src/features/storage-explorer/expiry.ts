import { EXPIRY_UNITS, type ExpiryUnit } from './constants.ts';

export const EXPIRY_ERROR = 'Expiry duration cannot be less than 0';

/** Spec §5 "Custom expiry": a non-empty value must be greater than 0. */
export function validateExpiry(value: string): string | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? null : EXPIRY_ERROR;
}

/** The expiry in whole seconds, or null while the value is empty or invalid. */
export function expirySeconds(value: string, unit: ExpiryUnit): number | null {
  if (value.trim() === '' || validateExpiry(value)) return null;
  return Math.round(Number(value) * EXPIRY_UNITS[unit]);
}

export function expiryDate(seconds: number, now: number): Date {
  return new Date(now + seconds * 1000);
}
