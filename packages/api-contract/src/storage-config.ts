import { z } from 'zod';
import { MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/** Spec document 2 §3 "Storage config": the upload limit the plan sets, and whether it is the free tier. */
export const storageConfigSchema = z.object({
  /** Bytes; the global upload limit, which overrides a bucket's own limit. */
  fileSizeLimit: z.number().int(),
  isFreeTier: z.boolean(),
  features: z.object({
    /** Image transformations are not built in Plinth yet. */
    imageTransformation: z.object({ enabled: z.boolean() }),
  }),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

export const storageConfigEndpoints = {
  storageConfig: endpoint({
    method: 'GET',
    path: '/projects/:ref/config/storage',
    summary: "The project's storage configuration (upload size limit from the plan)",
    params: z.object({ ref: refSchema }),
    response: storageConfigSchema,
  }),
  storageConfigUpdate: endpoint({
    method: 'POST',
    path: '/projects/:ref/config/storage',
    summary: "Set the project's global upload size limit (paid plans; at most 5 GB)",
    params: z.object({ ref: refSchema }),
    body: z.object({ fileSizeLimit: z.number().int().min(0).max(MAX_UPLOAD_SIZE_BYTES, `Upload file size limit must be up to 5GB (${MAX_UPLOAD_SIZE_BYTES} bytes)`) }),
    response: storageConfigSchema,
  }),
} as const satisfies Record<string, Endpoint>;
