import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@plinth/api-contract';
import { edgeFunctionKeys } from './keys.ts';
import { managementRequest } from '../management-request.ts';
import { functionPath } from './function-path.ts';

export type FunctionSettings = Pick<BodyOf<'v1FunctionUpdate'>, 'name' | 'verify_jwt'>;

export function updateFunction(ref: string, slug: string, body: FunctionSettings) {
  return managementRequest<ResponseOf<'v1FunctionUpdate'>>('PATCH', functionPath(ref, slug), { body });
}

/** PATCH /v1/projects/{ref}/functions/{slug}: the name or verify_jwt; the answer is the function as it now is. */
export function useFunctionUpdateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: FunctionSettings }) => updateFunction(ref, slug, body),
    onSuccess: async (updated, { slug }) => {
      queryClient.setQueryData(edgeFunctionKeys.detail(ref, slug), updated);
      await queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.list(ref) });
    },
  });
}
