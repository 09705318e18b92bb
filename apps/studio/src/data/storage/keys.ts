export const storageKeys = {
  /** Invalidate this after any bucket change: the sidebar, the policies page and the API docs read it. */
  buckets: (ref: string | undefined) => ['projects', ref, 'buckets'] as const,
  /** Every listed folder of one bucket; invalidate after uploads, moves and deletes in it. */
  objects: (ref: string | undefined, bucketId: string | undefined) => ['projects', ref, 'buckets', bucketId, 'objects'] as const,
  config: (ref: string | undefined) => ['projects', ref, 'storage-config'] as const,
};
