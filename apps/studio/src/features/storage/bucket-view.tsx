import { Archive, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useBucketsQuery } from '../../data/storage/buckets-query.ts';
import { StorageExplorer } from '../storage-explorer/storage-explorer.tsx';
import { useStorageActions } from './storage-layout.tsx';

/** /project/{ref}/storage/buckets: nothing chosen yet. */
export function NoBucketSelected() {
  const { canWrite, createBucket } = useStorageActions();
  return (
    <div className="p-6">
      <EmptyState
        icon={<Archive />}
        title="Select a bucket"
        description="Choose a bucket from the sidebar to browse its files, or create a new bucket."
        testId="storage-no-bucket"
        actions={
          <DisabledTooltip isDisabled={!canWrite} content="You need additional permissions to create buckets">
            <Button variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={createBucket}>
              Create a bucket
            </Button>
          </DisabledTooltip>
        }
      />
    </div>
  );
}

/**
 * /project/{ref}/storage/buckets/{bucketId}: the explorer of one bucket. The address holds the id,
 * or the name right after creation (spec §2), so either finds the bucket.
 */
export function BucketView({ projectRef, bucketId }: { projectRef: string; bucketId: string }) {
  const buckets = useBucketsQuery(projectRef);
  if (buckets.isLoading) return <LoadingArea label="Loading bucket" />;
  if (buckets.isError) {
    return (
      <div className="p-6">
        <ErrorState error={buckets.error} title="Failed to fetch buckets" onRetry={() => void buckets.refetch()} />
      </div>
    );
  }
  const bucket = buckets.data?.find((candidate) => candidate.id === bucketId) ?? buckets.data?.find((candidate) => candidate.name === bucketId);
  if (!bucket) {
    return (
      <div className="p-6">
        <EmptyState icon={<Archive />} title="Bucket not found" description={`There is no bucket "${bucketId}" in this project.`} testId="storage-bucket-not-found" />
      </div>
    );
  }
  // A new explorer per bucket: choosing a bucket starts with no open folders, preview or selection.
  return <StorageExplorer key={bucket.id} projectRef={projectRef} bucket={bucket} />;
}
