/** Query keys of Settings > Infrastructure; they start with the project. */
export const infrastructureKeys = {
  infrastructure: (ref: string | undefined) => ['projects', ref, 'infrastructure'] as const,
};
