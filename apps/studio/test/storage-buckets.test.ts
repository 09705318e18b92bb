import { describe, expect, it } from 'vitest';
import type { Bucket } from '@plinth/api-contract';
import type { Policy } from '../src/data/pg-meta/types.ts';
import {
  bucketCreateBody, bucketPath, bucketUpdateBody, EMPTY_BUCKET_FORM, formFromBucket, parseMimeTypes, validateBucketForm,
  type BucketFormValues,
} from '../src/features/storage/bucket-form.ts';
import { policiesOfBucket } from '../src/features/storage/bucket-policies.ts';
import { digitsOnly, displaySize, formatSize, fromBytes, toBytes } from '../src/features/storage/size-units.ts';
import { formFromLimit, isLimitChanged, limitBytes, MAX_LIMIT_SAVE_ERROR, validateUploadLimit } from '../src/features/storage-settings/upload-limit.ts';

const form = (values: Partial<BucketFormValues>): BucketFormValues => ({ ...EMPTY_BUCKET_FORM, ...values });
const bucket = (values: Partial<Bucket>): Bucket => ({
  id: 'avatars', name: 'avatars', owner: '', public: false, file_size_limit: null, allowed_mime_types: null,
  created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', ...values,
});

describe('size units (spec §9: bytes, KB, MB, GB, factor 1024)', () => {
  it('converts to bytes with powers of 1024; negative values and unknown units give 0', () => {
    expect(toBytes(5, 'bytes')).toBe(5);
    expect(toBytes(2, 'KB')).toBe(2048);
    expect(toBytes(50, 'MB')).toBe(52_428_800);
    expect(toBytes(5, 'GB')).toBe(5_368_709_120);
    expect(toBytes(-1, 'MB')).toBe(0);
    expect(toBytes(10, 'TB')).toBe(0);
    expect(fromBytes(5_368_709_120, 'MB')).toBe(5120);
  });

  it('shows a size in the largest unit up to GB that keeps it whole', () => {
    expect(displaySize(52_428_800)).toEqual({ value: 50, unit: 'MB' });
    expect(displaySize(5_368_709_120)).toEqual({ value: 5, unit: 'GB' });
    expect(displaySize(10 * 1024 ** 4)).toEqual({ value: 10_240, unit: 'GB' });
    expect(displaySize(1.5 * 1024 * 1024)).toEqual({ value: 1536, unit: 'KB' });
    expect(displaySize(1000)).toEqual({ value: 1000, unit: 'bytes' });
    expect(displaySize(0)).toEqual({ value: 0, unit: 'bytes' });
    expect(formatSize(52_428_800)).toBe('50 MB');
  });

  it('keeps digits only in the size fields', () => {
    expect(digitsOnly('1-2.5e3 ')).toBe('1253');
  });
});

describe('bucket form validation (spec §5, messages verbatim)', () => {
  it('checks the name in order: required, trailing whitespace, reserved', () => {
    expect(validateBucketForm(form({ name: '' }))).toEqual({ name: 'Please provide a name for your bucket' });
    expect(validateBucketForm(form({ name: 'photos ' }))).toEqual({ name: 'The name of the bucket cannot end with a whitespace' });
    expect(validateBucketForm(form({ name: 'public' }))).toEqual({ name: '"public" is a reserved name. Please choose another name' });
    // Only a hint: upper case and underscores are not refused here.
    expect(validateBucketForm(form({ name: 'My_Bucket' }))).toEqual({});
  });

  it('checks the size limit only while the restriction is on; editing never checks the name', () => {
    const negative = form({ name: 'a', hasFileSizeLimit: true, formattedSizeLimit: '-1' });
    expect(validateBucketForm(negative)).toEqual({ formattedSizeLimit: 'File size upload limit has to be at least 0' });
    expect(validateBucketForm({ ...negative, hasFileSizeLimit: false })).toEqual({});
    expect(validateBucketForm({ ...negative, name: '' }, { isEdit: true })).toEqual({ formattedSizeLimit: 'File size upload limit has to be at least 0' });
  });
});

describe('bucket request bodies', () => {
  it('parses MIME types: comma-separated, trimmed, wildcards kept, blank is null', () => {
    expect(parseMimeTypes(' image/* , application/pdf,,')).toEqual(['image/*', 'application/pdf']);
    expect(parseMimeTypes('   ')).toBeNull();
    expect(parseMimeTypes(' , ')).toBeNull();
  });

  it('sends the name as id, the limit in bytes or null, and the MIME list', () => {
    expect(bucketCreateBody(form({ name: 'photos', public: true, hasFileSizeLimit: true, formattedSizeLimit: '2', unit: 'MB', allowedMimeTypes: 'image/png, image/jpeg' }))).toEqual({
      id: 'photos', public: true, file_size_limit: 2_097_152, allowed_mime_types: ['image/png', 'image/jpeg'],
    });
    expect(bucketCreateBody(form({ name: 'docs', formattedSizeLimit: '5' }))).toEqual({ id: 'docs', public: false, file_size_limit: null, allowed_mime_types: null });
    // An emptied limit field counts as 0, like a number input.
    expect(bucketUpdateBody(form({ hasFileSizeLimit: true, formattedSizeLimit: '' }))).toEqual({ public: false, file_size_limit: 0, allowed_mime_types: null });
  });

  it('opens the edit form on the bucket as it is, so an untouched save changes nothing', () => {
    const limited = bucket({ public: true, file_size_limit: 1536 * 1024, allowed_mime_types: ['image/*', 'video/mp4'] });
    const values = formFromBucket(limited);
    expect(values).toEqual({ name: 'avatars', public: true, hasFileSizeLimit: true, formattedSizeLimit: '1536', unit: 'KB', allowedMimeTypes: 'image/*, video/mp4' });
    expect(bucketUpdateBody(values)).toEqual({ public: true, file_size_limit: limited.file_size_limit, allowed_mime_types: limited.allowed_mime_types });
    expect(formFromBucket(bucket({}))).toMatchObject({ hasFileSizeLimit: false, allowedMimeTypes: '' });
  });

  it('addresses a bucket page by the URL-encoded id', () => {
    expect(bucketPath('abc', 'my photos#1')).toBe('/project/abc/storage/buckets/my%20photos%231');
  });
});

describe('policies of a bucket (deleted with it)', () => {
  const policy = (id: number, values: Partial<Policy>): Policy => ({
    id, schema: 'storage', table: 'objects', table_id: 1, name: `p${id}`, action: 'PERMISSIVE', roles: ['public'], command: 'SELECT',
    definition: null, check: null, ...values,
  });

  it('finds storage.objects policies whose USING or CHECK names the bucket id as a literal', () => {
    const policies = [
      policy(1, { definition: "(bucket_id = 'avatars'::text)" }),
      policy(2, { command: 'INSERT', check: "((bucket_id = 'avatars'::text) AND (auth.role() = 'authenticated'::text))" }),
      policy(3, { definition: "(bucket_id = 'avatars-old'::text)" }),
      policy(4, { table: 'buckets', definition: "(id = 'avatars'::text)" }),
      policy(5, { schema: 'public', table: 'objects', definition: "(bucket_id = 'avatars'::text)" }),
    ];
    expect(policiesOfBucket(policies, 'avatars').map((p) => p.id)).toEqual([1, 2]);
    expect(policiesOfBucket([policy(6, { definition: "(bucket_id = 'it''s'::text)" })], "it's").map((p) => p.id)).toEqual([6]);
    expect(policiesOfBucket(policies, 'a')).toEqual([]);
  });
});

describe('storage settings upload limit (spec §5)', () => {
  it('opens on the saved limit and compares in bytes', () => {
    expect(formFromLimit(52_428_800)).toEqual({ value: '50', unit: 'MB' });
    expect(isLimitChanged({ value: '51200', unit: 'KB' }, 52_428_800)).toBe(false);
    expect(isLimitChanged({ value: '50', unit: 'GB' }, 52_428_800)).toBe(true);
    expect(limitBytes({ value: '', unit: 'MB' })).toBe(0);
  });

  it('allows up to 5 GB, with the maximum converted to the chosen unit', () => {
    expect(validateUploadLimit({ value: '5', unit: 'GB' })).toBeNull();
    expect(validateUploadLimit({ value: '6', unit: 'GB' })).toBe('Maximum limit is up to 5 GB.');
    expect(validateUploadLimit({ value: '5121', unit: 'MB' })).toBe('Maximum limit is up to 5,120 MB.');
    expect(validateUploadLimit({ value: '5368709121', unit: 'bytes' })).toBe('Maximum limit is up to 5,368,709,120 bytes.');
    expect(MAX_LIMIT_SAVE_ERROR).toBe('Upload file size limit must be up to 5GB (5368709120 bytes)');
  });
});
