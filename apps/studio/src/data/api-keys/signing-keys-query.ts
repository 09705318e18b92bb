import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { apiKeysKeys } from './keys.ts';

export type SigningKey = ResponseOf<'signingKeys'>['keys'][number];

export function getSigningKeys(ref: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'signingKeys'>>(`/projects/${encodeURIComponent(ref)}/config/auth/signing-keys`, { signal });
}

/** GET .../config/auth/signing-keys: the key in use first, then standby, previously used and revoked keys. */
export function useSigningKeysQuery(ref: string | undefined) {
  return useQuery({
    queryKey: apiKeysKeys.signingKeys(ref),
    queryFn: ({ signal }) => getSigningKeys(ref ?? '', signal),
    enabled: !!ref,
  });
}
