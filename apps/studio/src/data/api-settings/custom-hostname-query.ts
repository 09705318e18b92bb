import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api.ts';
import { apiSettingsKeys } from './keys.ts';

/** The statuses the spec reads from /custom-hostname; anything else is the server's own status. */
export type CustomHostnameStatus = '0_not_allowed' | '0_no_hostname_configured' | (string & {});

export interface CustomHostname {
  status: CustomHostnameStatus;
  hostname: string | null;
}

/**
 * Spec §7: a 400 containing 'not allowed to set up custom domain' reads as 0_not_allowed and one
 * containing 'custom hostname configuration' as 0_no_hostname_configured; these are answers, not failures.
 */
export function readCustomHostnameError(error: unknown): CustomHostname | null {
  if (!isApiError(error) || error.status !== 400) return null;
  if (error.message.includes('not allowed to set up custom domain')) return { status: '0_not_allowed', hostname: null };
  if (error.message.includes('custom hostname configuration')) return { status: '0_no_hostname_configured', hostname: null };
  return null;
}

export async function getCustomHostname(ref: string, signal?: AbortSignal): Promise<CustomHostname> {
  try {
    const body = await api.get<{ status: string; custom_hostname: string }>(`/projects/${encodeURIComponent(ref)}/custom-hostname`, { signal });
    return { status: body.status, hostname: body.custom_hostname || null };
  } catch (error) {
    const reading = readCustomHostnameError(error);
    if (reading) return reading;
    throw error;
  }
}

export function useCustomHostnameQuery(ref: string | undefined) {
  return useQuery({
    queryKey: apiSettingsKeys.customHostname(ref),
    queryFn: ({ signal }) => getCustomHostname(ref ?? '', signal),
    enabled: !!ref,
  });
}
