import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { edgeFunctionKeys } from './keys.ts';
import { managementRequest } from '../management-request.ts';
import { functionPath } from './function-path.ts';

export function deleteFunction(ref: string, slug: string) {
  return managementRequest<ResponseOf<'v1FunctionDelete'>>('DELETE', functionPath(ref, slug));
}

/** DELETE /v1/projects/{ref}/functions/{slug}: the function and all its versions are gone, and so are its caches. */
export function useFunctionDeleteMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug }: { slug: string }) => deleteFunction(ref, slug),
    onSuccess: async (_result, { slug }) => {
      queryClient.removeQueries({ queryKey: edgeFunctionKeys.source(ref, slug) });
      queryClient.removeQueries({ queryKey: edgeFunctionKeys.traffic(ref, slug) });
      // The open page still shows the function until the caller navigates away; it is not refetched
      // into a "not found" meanwhile, only marked stale so a function deployed later under this slug is read afresh.
      await queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.detail(ref, slug), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.list(ref) });
    },
  });
}
