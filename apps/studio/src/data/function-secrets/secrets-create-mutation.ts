import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { functionSecretsKeys } from './keys.ts';
import { managementRequest } from '../management-request.ts';
import { secretsPath } from './secrets-path.ts';

export type NewFunctionSecrets = BodyOf<'v1SecretsCreate'>;

/** POST /v1/projects/{ref}/secrets: creates each name, or replaces the value of one that exists. */
export function createFunctionSecrets(ref: string, secrets: NewFunctionSecrets) {
  return managementRequest<ResponseOf<'v1SecretsCreate'>>('POST', secretsPath(ref), { body: secrets });
}

/** The answer is the whole list with the new digests, so the table takes it without another call. */
export function useFunctionSecretsCreateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secrets: NewFunctionSecrets) => createFunctionSecrets(ref, secrets),
    onSuccess: (list) => queryClient.setQueryData(functionSecretsKeys.list(ref), list),
  });
}
