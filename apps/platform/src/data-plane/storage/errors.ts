/**
 * Storage errors in storage-api's shape: `{statusCode, code, error, message}`, where statusCode is
 * the real status as a string and the HTTP status of a client error is 400 (as storage-api answers;
 * supabase-js reads the body). One catalogue, chosen by code.
 */
import { errorCatalogue, PlinthError } from '@plinth/errors';
import { DatabaseError } from '../../engines/database-error.ts';
import { ObjectTooLargeError } from './object-stores/types.ts';

const CATALOGUE = {
  NoSuchBucket: { status: 404, error: 'Bucket not found', message: 'Bucket not found' },
  NoSuchKey: { status: 404, error: 'not_found', message: 'Object not found' },
  NoSuchUpload: { status: 404, error: 'not_found', message: 'Upload not found' },
  BucketAlreadyExists: { status: 409, error: 'Duplicate', message: 'The resource already exists' },
  KeyAlreadyExists: { status: 409, error: 'Duplicate', message: 'The resource already exists' },
  BucketNotEmpty: { status: 409, error: 'InvalidRequest', message: 'The bucket you tried to delete is not empty' },
  EntityTooLarge: { status: 413, error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
  QuotaExceeded: { status: 413, error: 'Payload too large', message: "The project's storage quota is used up: delete files or upgrade the plan" },
  // The spend cap (control/metering/spend-cap.ts): answered with its own 402, as the platform's plan limits are.
  UsageCapReached: { status: 402, error: 'Payment required', message: errorCatalogue.usage_cap_reached.message },
  InvalidMimeType: { status: 415, error: 'invalid_mime_type', message: 'mime type is not supported' },
  InvalidKey: { status: 400, error: 'Invalid Input', message: 'Invalid key' },
  InvalidBucketName: { status: 400, error: 'Invalid Input', message: 'Bucket name invalid' },
  InvalidRequest: { status: 400, error: 'Invalid Input', message: 'The request is invalid' },
  InvalidJWT: { status: 400, error: 'Unauthorized', message: 'invalid signature' },
  InvalidSignature: { status: 400, error: 'Unauthorized', message: 'invalid signature' },
  AccessDenied: { status: 403, error: 'Unauthorized', message: 'new row violates row-level security policy' },
  FeatureNotEnabled: { status: 400, error: 'FeatureNotEnabled', message: 'This feature is not enabled for the project' },
  DatabaseUnavailable: { status: 503, error: 'DatabaseUnavailable', message: 'The project is not available right now. Try again in a moment.' },
  // Read-only mode (control/read-only-mode.ts): the database refuses the object's row (25006).
  ReadOnlyMode: {
    status: 403,
    error: 'ReadOnlyMode',
    message: errorCatalogue.project_read_only.message,
  },
  InternalError: { status: 500, error: 'internal', message: 'Internal Server Error' },
} as const satisfies Record<string, { status: number; error: string; message: string }>;

export type StorageErrorCode = keyof typeof CATALOGUE;

export interface StorageErrorBody {
  statusCode: string;
  code: StorageErrorCode;
  error: string;
  message: string;
}

export class StorageError extends Error {
  readonly status: number;

  constructor(readonly code: StorageErrorCode, message?: string) {
    super(message ?? CATALOGUE[code].message);
    this.name = 'StorageError';
    this.status = CATALOGUE[code].status;
  }

  /** storage-api answers a client error with HTTP 400 and the real status in the body; a plan's spend cap keeps its 402. */
  get httpStatus(): number {
    return this.status >= 500 || this.status === 402 ? this.status : 400;
  }

  toBody(): StorageErrorBody {
    return { statusCode: String(this.status), code: this.code, error: CATALOGUE[this.code].error, message: this.message };
  }
}

/** RLS refused the row (42501, or a WITH CHECK violation), a unique key taken, a bucket still referenced, read-only mode. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof ObjectTooLargeError) return new StorageError('EntityTooLarge');
  if (error instanceof DatabaseError) {
    if (error.code === '42501') return new StorageError('AccessDenied');
    if (error.code === '23505') return new StorageError(error.table === 'buckets' ? 'BucketAlreadyExists' : 'KeyAlreadyExists');
    if (error.code === '23503') return new StorageError('BucketNotEmpty');
    if (error.code === '22P02' || error.code === '22001') return new StorageError('InvalidRequest', error.message);
    // Storage never asks for a read-only transaction itself: only read-only mode makes one.
    if (error.code === '25006') return new StorageError('ReadOnlyMode');
  }
  if (error instanceof PlinthError) {
    if (error.code === 'project_paused' || error.code === 'project_unavailable') return new StorageError('DatabaseUnavailable', error.message);
    if (error.code === 'project_not_found') return new StorageError('InvalidRequest', error.message);
    if (error.status < 500) return new StorageError('InvalidRequest', error.message);
  }
  return new StorageError('InternalError');
}
