import { useParams } from 'react-router';
import { NoBucketSelected } from '../../../features/storage/bucket-view.tsx';
import { StorageLayout } from '../../../features/storage/storage-layout.tsx';

/** /project/{ref}/storage/buckets: the bucket list, no bucket open yet. */
export default function StorageBucketsPage() {
  const { ref = '' } = useParams();
  return (
    <StorageLayout projectRef={ref}>
      <NoBucketSelected />
    </StorageLayout>
  );
}
