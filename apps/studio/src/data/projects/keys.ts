export const projectKeys = {
  list: () => ['projects', 'list'] as const,
  detail: (ref: string | undefined) => ['projects', ref, 'detail'] as const,
  status: (ref: string | undefined) => ['projects', ref, 'status'] as const,
  live: (ref: string | undefined) => ['projects', ref, 'live'] as const,
  settings: (ref: string | undefined) => ['projects', ref, 'settings'] as const,
  upgradeStatus: (ref: string | undefined) => ['projects', ref, 'upgrade-status'] as const,
  transferPreview: (ref: string | undefined, targetSlug: string | undefined) => ['projects', ref, 'transfer-preview', targetSlug] as const,
  resourceWarnings: () => ['projects', 'resource-warnings'] as const,
};
