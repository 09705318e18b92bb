/**
 * A project's Realtime settings, read from `projects.realtime_config` (migration 0014: the fields
 * members changed, with the Management API's names) over the defaults here. The gateway puts them
 * on the ProjectHandle, so a change reaches the data plane within the directory's second.
 */
export interface RealtimeSettings {
  /** `private_only` false (the default): public channels may be joined; true: only private ones. */
  allowPublicChannels: boolean;
}

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = Object.freeze({ allowPublicChannels: true });

export function realtimeSettingsOf(stored: unknown): RealtimeSettings {
  const config = (typeof stored === 'string' ? JSON.parse(stored) : stored) as { private_only?: unknown } | null | undefined;
  if (!config || typeof config !== 'object') return DEFAULT_REALTIME_SETTINGS;
  return { allowPublicChannels: config.private_only !== true };
}
