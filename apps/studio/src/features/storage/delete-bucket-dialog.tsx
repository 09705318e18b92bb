import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Bucket } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { usePoliciesQuery } from '../../data/policies/policies-query.ts';
import { usePolicyDeleteMutation } from '../../data/policies/policy-delete-mutation.ts';
import { useBucketDeleteMutation } from '../../data/storage/bucket-delete-mutation.ts';
import { policiesOfBucket } from './bucket-policies.ts';

/**
 * Spec §4 "Delete bucket": the user types the bucket name; then empty the bucket, delete it, delete
 * the storage.objects policies written for it (they would otherwise linger under "Ungrouped" on
 * the policies page), notify, and go back to the bucket list.
 */
export function DeleteBucketDialog({ projectRef, bucket, onClose }: { projectRef: string; bucket: Bucket; onClose: () => void }) {
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);
  const deleteBucket = useBucketDeleteMutation(projectRef);
  const storagePolicies = usePoliciesQuery(projectRef, 'storage');
  const deletePolicy = usePolicyDeleteMutation(projectRef);

  async function confirm() {
    setIsDeleting(true);
    try {
      await deleteBucket.mutateAsync(bucket.id);
      // Fresh, not cached: a policy may have been written since the dialog opened.
      const { data: policies = [] } = await storagePolicies.refetch({ throwOnError: true });
      for (const policy of policiesOfBucket(policies, bucket.id)) await deletePolicy.mutateAsync({ id: policy.id });
      toast.success(`Successfully deleted bucket ${bucket.name}`);
      void navigate(`/project/${projectRef}/storage/buckets`);
      onClose();
    } catch (error) {
      toast.error(`Failed to delete bucket: ${errorMessage(error)}`);
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Confirm deletion of ${bucket.name}`}
      description="This action cannot be undone."
      confirmLabel={isDeleting ? 'Deleting' : 'Delete bucket'}
      variant="danger"
      isLoading={isDeleting}
      confirmValue={bucket.name}
      confirmValueLabel={
        <>
          Type <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-xs">{bucket.name}</code> to confirm.
        </>
      }
      onConfirm={() => void confirm()}
      testId="delete-bucket-dialog"
    >
      <p className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-fg-muted">
        You cannot recover this bucket once it is deleted.
      </p>
    </ConfirmDialog>
  );
}
