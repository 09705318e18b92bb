import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { projectKeys } from './keys.ts';

/** What moving the project to `targetSlug` would do (a POST with no effect, as Supabase's). */
export function getProjectTransferPreview(ref: string, targetSlug: string, signal?: AbortSignal) {
  return api.post<ResponseOf<'projectTransferPreview'>>(`/projects/${encodeURIComponent(ref)}/transfer/preview`, { target_organization_slug: targetSlug }, { signal });
}

export function useProjectTransferPreviewQuery(ref: string, targetSlug: string | undefined) {
  return useQuery({
    queryKey: projectKeys.transferPreview(ref, targetSlug),
    queryFn: ({ signal }) => getProjectTransferPreview(ref, targetSlug!, signal),
    enabled: !!targetSlug,
    // Roles and projects of the target change elsewhere: ask again each time the dialog asks.
    staleTime: 0,
    gcTime: 0,
  });
}
