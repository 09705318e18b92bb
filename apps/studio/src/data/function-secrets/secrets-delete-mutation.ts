import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { functionSecretsKeys } from './keys.ts';
import { managementRequest } from '../management-request.ts';
import { secretsPath } from './secrets-path.ts';

/** DELETE /v1/projects/{ref}/secrets with the names as the body. */
export function deleteFunctionSecrets(ref: string, names: string[]) {
  return managementRequest<ResponseOf<'v1SecretsDelete'>>('DELETE', secretsPath(ref), { body: names });
}

/** The answer is only a message, so the list is read again to drop the deleted names. */
export function useFunctionSecretsDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => deleteFunctionSecrets(ref, names),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: functionSecretsKeys.list(ref) }),
  });
}
