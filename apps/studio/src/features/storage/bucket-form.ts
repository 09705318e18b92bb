/**
 * The create and edit bucket forms as plain data (spec §3 "Bucket create form", §5 "Create
 * bucket"): validation with the spec's messages, MIME list parsing, and the request bodies.
 */
import type { Bucket } from '@plinth/api-contract';
import type { BucketCreate } from '../../data/storage/bucket-create-mutation.ts';
import type { BucketUpdate } from '../../data/storage/bucket-update-mutation.ts';
import { displaySize, toBytes, type SizeUnit } from './size-units.ts';

export interface BucketFormValues {
  name: string;
  public: boolean;
  hasFileSizeLimit: boolean;
  /** The limit as typed, in `unit` (digits only). */
  formattedSizeLimit: string;
  unit: SizeUnit;
  /** Comma-separated, as typed. */
  allowedMimeTypes: string;
}

export type BucketFormField = 'name' | 'formattedSizeLimit';
export type BucketFormErrors = Partial<Record<BucketFormField, string>>;

export const EMPTY_BUCKET_FORM: BucketFormValues = {
  name: '',
  public: false,
  hasFileSizeLimit: false,
  formattedSizeLimit: '0',
  unit: 'MB',
  allowedMimeTypes: '',
};

/** Spec §5, in the spec's order; `isEdit` skips the name (a bucket cannot be renamed). */
export function validateBucketForm(values: BucketFormValues, { isEdit = false } = {}): BucketFormErrors {
  const errors: BucketFormErrors = {};
  if (!isEdit) {
    if (values.name.length === 0) errors.name = 'Please provide a name for your bucket';
    else if (/\s$/.test(values.name)) errors.name = 'The name of the bucket cannot end with a whitespace';
    else if (values.name === 'public') errors.name = '"public" is a reserved name. Please choose another name';
  }
  if (values.hasFileSizeLimit && sizeLimitValue(values) < 0) errors.formattedSizeLimit = 'File size upload limit has to be at least 0';
  return errors;
}

/** An empty field counts as 0, as a number input coerces it. */
function sizeLimitValue(values: BucketFormValues): number {
  const trimmed = values.formattedSizeLimit.trim();
  return trimmed === '' ? 0 : Number(trimmed);
}

/** The bucket's own limit in bytes; null when the restriction is off. */
export function sizeLimitBytes(values: BucketFormValues): number | null {
  return values.hasFileSizeLimit ? toBytes(sizeLimitValue(values), values.unit) : null;
}

/** Comma-separated, trimmed, wildcards kept; blank means any type and is sent as null. */
export function parseMimeTypes(text: string): string[] | null {
  const types = text
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type.length > 0);
  return types.length === 0 ? null : types;
}

export function formatMimeTypes(types: string[] | null): string {
  return types ? types.join(', ') : '';
}

export function bucketCreateBody(values: BucketFormValues): BucketCreate {
  return {
    id: values.name,
    public: values.public,
    file_size_limit: sizeLimitBytes(values),
    allowed_mime_types: parseMimeTypes(values.allowedMimeTypes),
  };
}

export function bucketUpdateBody(values: BucketFormValues): BucketUpdate {
  return {
    public: values.public,
    file_size_limit: sizeLimitBytes(values),
    allowed_mime_types: parseMimeTypes(values.allowedMimeTypes),
  };
}

/** The edit form opens on the bucket as it is. */
export function formFromBucket(bucket: Bucket): BucketFormValues {
  const size = bucket.file_size_limit === null ? null : displaySize(bucket.file_size_limit);
  return {
    name: bucket.name,
    public: bucket.public,
    hasFileSizeLimit: size !== null,
    formattedSizeLimit: size ? String(size.value) : EMPTY_BUCKET_FORM.formattedSizeLimit,
    unit: size ? size.unit : EMPTY_BUCKET_FORM.unit,
    allowedMimeTypes: formatMimeTypes(bucket.allowed_mime_types),
  };
}

/** The bucket page's address; the id is URL-encoded (spec §2). */
export function bucketPath(ref: string, bucketId: string): string {
  return `/project/${ref}/storage/buckets/${encodeURIComponent(bucketId)}`;
}
