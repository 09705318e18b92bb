import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { accessTokenKeys } from './keys.ts';

/** GET /platform/profile/access-tokens: the tokens without their secret, newest first. */
export function getAccessTokens(signal?: AbortSignal): Promise<ResponseOf<'accessTokens'>> {
  return api.get<ResponseOf<'accessTokens'>>('/profile/access-tokens', { signal });
}

export function useAccessTokensQuery() {
  return useQuery({ queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal) });
}
