import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { CONNECTING_POLL_MS, KPS_LIVE_ENDPOINT_VERSION, STATUS_REQUEST_TIMEOUT_MS } from '../../lib/constants.ts';
import { projectKeys } from './keys.ts';

function versionParts(version: string): number[] {
  return (version.match(/\d+/g) ?? []).map(Number);
}

/** Whether `version` (e.g. "kps-v3.9.0") is at or above `threshold`. */
export function isVersionAtLeast(version: string, threshold: string): boolean {
  const a = versionParts(version);
  const b = versionParts(threshold);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/** Liveness check of the connecting screen: resolves true when the project answers. */
async function checkLive(ref: string, kpsVersion: string, signal: AbortSignal): Promise<boolean> {
  const options = { signal, timeoutMs: STATUS_REQUEST_TIMEOUT_MS };
  const path = `/projects/${encodeURIComponent(ref)}`;
  if (isVersionAtLeast(kpsVersion, KPS_LIVE_ENDPOINT_VERSION)) {
    const result = await api.get<{ live: boolean }>(`${path}/live`, options);
    return result.live;
  }
  await api.get<unknown>(`${path}/api/rest`, options);
  return true;
}

export function useProjectLiveQuery(ref: string | undefined, kpsVersion: string, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.live(ref),
    queryFn: ({ signal }) => checkLive(ref ?? '', kpsVersion, signal),
    enabled: !!ref && enabled,
    refetchInterval: (query) => (query.state.data === true ? false : CONNECTING_POLL_MS),
    retry: false,
    gcTime: 0,
  });
}
