/** The storage settings form as plain data (spec §5 "Storage settings", §9 upload limits). */
import { MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import { displaySize, fromBytes, toBytes, type SizeUnit } from '../storage/size-units.ts';

export interface UploadLimitForm {
  /** Digits only, in `unit`. */
  value: string;
  unit: SizeUnit;
}

/** Shown when Save is pressed with a limit above the maximum (the server sends the same text). */
export const MAX_LIMIT_SAVE_ERROR = `Upload file size limit must be up to 5GB (${MAX_UPLOAD_SIZE_BYTES} bytes)`;

export function formFromLimit(bytes: number): UploadLimitForm {
  const { value, unit } = displaySize(bytes);
  return { value: String(value), unit };
}

export function limitBytes(form: UploadLimitForm): number {
  return toBytes(form.value.trim() === '' ? 0 : Number(form.value), form.unit);
}

/** 5 GB in the chosen unit: 5 GB, 5,120 MB, 5,242,880 KB, 5,368,709,120 bytes. */
export function maxLimitIn(unit: SizeUnit): string {
  return fromBytes(MAX_UPLOAD_SIZE_BYTES, unit).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** The field's message: the limit must not exceed 5 GB converted to the chosen unit. */
export function validateUploadLimit(form: UploadLimitForm): string | null {
  return limitBytes(form) > MAX_UPLOAD_SIZE_BYTES ? `Maximum limit is up to ${maxLimitIn(form.unit)} ${form.unit}.` : null;
}

/** Save stays disabled while the limit in bytes is what the server already has. */
export function isLimitChanged(form: UploadLimitForm, savedBytes: number): boolean {
  return limitBytes(form) !== savedBytes;
}
