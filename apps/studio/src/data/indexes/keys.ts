export const indexKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'indexes'] as const,
  list: (ref: string | undefined, schema: string | undefined) => ['projects', ref, 'indexes', schema] as const,
};
