export const schemaKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'schemas'] as const,
};
