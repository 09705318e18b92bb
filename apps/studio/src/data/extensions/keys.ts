export const extensionKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'extensions'] as const,
};
