export const publicationKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'publications'] as const,
};
