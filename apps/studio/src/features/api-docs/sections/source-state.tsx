import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import type { DocsData } from '../use-docs-data.ts';

/** Loading and failure of the REST spec, shown where the tables or functions would be. */
export function SourceState({ data }: { data: DocsData }) {
  if (data.openApi.isError) {
    return <ErrorState error={data.openApi.error} title="Failed to load the REST API description" onRetry={() => void data.openApi.refetch()} />;
  }
  return <SkeletonRows rows={3} />;
}
