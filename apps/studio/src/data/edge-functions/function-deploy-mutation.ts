import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunctionSourceDeployBody, ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';

export function deployFunctionSource(ref: string, slug: string, body: FunctionSourceDeployBody) {
  return api.post<ResponseOf<'functionSourceDeploy'>>(`/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}/source`, body);
}

/**
 * POST .../functions/{slug}/source: deploys the editor's files, creating the function or a new
 * version of it. The answer is the function as it now is; the list shows a new version count and
 * the Code tab must read the new version's files.
 */
export function useFunctionDeployMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: FunctionSourceDeployBody }) => deployFunctionSource(ref, slug, body),
    onSuccess: async (deployed, { slug, body }) => {
      queryClient.setQueryData(edgeFunctionKeys.detail(ref, slug), deployed);
      // The files just sent are the new version's: the Code tab opens them without a round trip.
      queryClient.setQueryData(edgeFunctionKeys.source(ref, slug), {
        entrypoint_path: deployed.entrypoint_path,
        import_map_path: deployed.import_map_path,
        version: deployed.version,
        files: body.files,
      });
      await queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.list(ref) });
    },
  });
}
