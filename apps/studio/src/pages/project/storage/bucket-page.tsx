import { useParams } from 'react-router';
import { BucketView } from '../../../features/storage/bucket-view.tsx';
import { StorageLayout } from '../../../features/storage/storage-layout.tsx';

/** /project/{ref}/storage/buckets/{bucketId} (the router hands the id back decoded). */
export default function StorageBucketPage() {
  const { ref = '', bucketId = '' } = useParams();
  return (
    <StorageLayout projectRef={ref}>
      <BucketView projectRef={ref} bucketId={bucketId} />
    </StorageLayout>
  );
}
