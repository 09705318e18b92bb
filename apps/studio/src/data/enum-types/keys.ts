export const enumTypeKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'types'] as const,
  list: (ref: string | undefined, schema: string | undefined) => ['projects', ref, 'types', schema] as const,
};
