export const wrapperKeys = {
  /** Everything the Wrappers page reads of a project (status, servers, foreign tables): one read. */
  status: (ref: string | undefined) => ['projects', ref, 'wrappers'] as const,
};
