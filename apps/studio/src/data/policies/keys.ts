export const policyKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'policies'] as const,
  list: (ref: string | undefined, schema: string | undefined) => ['projects', ref, 'policies', 'list', schema] as const,
};
