export const triggerKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'triggers'] as const,
  list: (ref: string | undefined, schema: string | undefined) => ['projects', ref, 'triggers', schema] as const,
};
