import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { functionSecretsKeys } from './keys.ts';
import { managementRequest } from '../management-request.ts';
import { secretsPath } from './secrets-path.ts';

export type FunctionSecrets = ResponseOf<'v1Secrets'>;

/** GET /v1/projects/{ref}/secrets: names, SHA-256 digests of the values, last update. */
export function getFunctionSecrets(ref: string, signal?: AbortSignal) {
  return managementRequest<FunctionSecrets>('GET', secretsPath(ref), { signal });
}

export function useFunctionSecretsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: functionSecretsKeys.list(ref),
    queryFn: ({ signal }) => getFunctionSecrets(ref as string, signal),
    enabled: !!ref,
  });
}
