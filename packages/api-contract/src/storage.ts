import { z } from 'zod';
import { MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/** Spec document 2 §3 "Bucket", as storage-api answers it. */
export const bucketSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  public: z.boolean(),
  /** Bytes; null is no limit of the bucket's own (the project's upload limit still applies). */
  file_size_limit: z.number().int().nullable(),
  /** null allows every type; an empty list allows none. Wildcards such as image/* are allowed. */
  allowed_mime_types: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bucket = z.infer<typeof bucketSchema>;

/** A row of a folder listing: a file, or a folder (id and metadata null). */
export const storageListItemSchema = z.object({
  name: z.string(),
  id: z.string().nullable(),
  updated_at: z.string().nullable(),
  created_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type StorageListItem = z.infer<typeof storageListItemSchema>;

export const STORAGE_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

/** A bucket id is also a path segment and a key prefix: no slashes, no dot segments, no control characters. */
export const bucketIdSchema = z
  .string()
  .min(1, 'Please provide a name for your bucket')
  .max(100)
  .refine((id) => !/[\/\\\u0000-\u001f\u007f]/.test(id) && id !== '.' && id !== '..', 'Bucket name invalid')
  .refine((id) => !/\s$/.test(id), 'The name of the bucket cannot end with a whitespace')
  .refine((id) => id !== 'public', '"public" is a reserved name. Please choose another name');

const bucketSettings = {
  public: z.boolean().optional(),
  file_size_limit: z.number().int().min(0, 'File size upload limit has to be at least 0').max(MAX_UPLOAD_SIZE_BYTES).nullable().optional(),
  allowed_mime_types: z.array(z.string().trim().min(1).max(255)).max(200).nullable().optional(),
};

export const bucketCreateBody = z.object({ id: bucketIdSchema, name: z.string().optional(), ...bucketSettings });
export const bucketUpdateBody = z.object(bucketSettings);

/** An object's path inside its bucket, as the explorer sends it. */
const objectPath = z.string().min(1).max(1024);

export const storageListBody = z.object({
  /** The folder, '' for the bucket's root. */
  path: z.string().max(1024).default(''),
  options: z
    .object({
      limit: z.number().int().min(1).max(10_000).default(100),
      offset: z.number().int().min(0).default(0),
      search: z.string().max(1024).default(''),
      sortBy: z.object({ column: z.enum(STORAGE_SORT_COLUMNS).default('name'), order: z.enum(['asc', 'desc']).default('asc') }).default({ column: 'name', order: 'asc' }),
    })
    .default({ limit: 100, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } }),
});

const bucketParams = z.object({ ref: refSchema, id: z.string().min(1).max(100) });
const refParams = z.object({ ref: refSchema });

export const storageEndpoints = {
  storageBuckets: endpoint({
    method: 'GET',
    path: '/storage/:ref/buckets',
    summary: "The project's buckets",
    params: refParams,
    response: z.array(bucketSchema),
  }),
  storageBucketCreate: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets',
    summary: 'Create a bucket',
    params: refParams,
    body: bucketCreateBody,
    response: z.object({ name: z.string() }),
  }),
  storageBucketUpdate: endpoint({
    method: 'PATCH',
    path: '/storage/:ref/buckets/:id',
    summary: "Change a bucket's access, size limit or MIME types (its name is fixed)",
    params: bucketParams,
    body: bucketUpdateBody,
    response: z.object({ message: z.string() }),
  }),
  storageBucketEmpty: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets/:id/empty',
    summary: "Delete every object of a bucket (rows and files)",
    params: bucketParams,
    response: z.object({ message: z.string() }),
  }),
  storageBucketDelete: endpoint({
    method: 'DELETE',
    path: '/storage/:ref/buckets/:id',
    summary: 'Delete an empty bucket',
    params: bucketParams,
    response: z.object({ message: z.string() }),
  }),
  storageObjectsList: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets/:id/objects/list',
    summary: 'One page of a folder: its folders, then its files',
    params: bucketParams,
    body: storageListBody,
    response: z.array(storageListItemSchema),
  }),
  storageObjectSign: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets/:id/objects/sign',
    summary: 'A signed URL for one object',
    params: bucketParams,
    body: z.object({ path: objectPath, expiresIn: z.number().int().min(1).max(10 * 365 * 24 * 3600) }),
    response: z.object({ signedUrl: z.string() }),
  }),
  storageObjectPublicUrl: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets/:id/objects/public-url',
    summary: "An object's public URL (public buckets)",
    params: bucketParams,
    body: z.object({ path: objectPath }),
    response: z.object({ publicUrl: z.string() }),
  }),
  storageObjectDownload: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets/:id/objects/download',
    summary: "An object's bytes, streamed",
    params: bucketParams,
    body: z.object({ path: objectPath }),
    response: z.unknown(),
    responseMediaType: 'application/octet-stream',
  }),
  storageObjectsMove: endpoint({
    method: 'POST',
    path: '/storage/:ref/buckets/:id/objects/move',
    summary: 'Move or rename an object within its bucket',
    params: bucketParams,
    body: z.object({ from: objectPath, to: objectPath }),
    response: z.object({ message: z.string() }),
  }),
  storageObjectsDelete: endpoint({
    method: 'DELETE',
    path: '/storage/:ref/buckets/:id/objects',
    summary: 'Delete objects by path',
    params: bucketParams,
    body: z.object({ paths: z.array(objectPath).min(1).max(1000) }),
    response: z.array(z.object({ name: z.string() })),
  }),
} as const satisfies Record<string, Endpoint>;
