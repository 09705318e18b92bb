import type { FormEvent } from 'react';
import { toast } from 'sonner';
import type { Bucket } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useBucketUpdateMutation } from '../../data/storage/bucket-update-mutation.ts';
import { bucketUpdateBody, formFromBucket } from './bucket-form.ts';
import { BucketFormFields } from './bucket-form-fields.tsx';
import { useBucketForm } from './use-bucket-form.ts';

/** 'Edit bucket "{name}"' (spec §4 "Bucket edit"): the name is fixed; access, size limit and MIME types change. */
export function EditBucketDialog({ projectRef, bucket, onClose }: { projectRef: string; bucket: Bucket; onClose: () => void }) {
  const form = useBucketForm(formFromBucket(bucket), { isEdit: true });
  const update = useBucketUpdateMutation(projectRef);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    update.mutate(
      { id: bucket.id, ...bucketUpdateBody(form.values) },
      {
        onSuccess: () => {
          toast.success(`Successfully updated bucket "${bucket.name}"`);
          onClose();
        },
        onError: (error) => toast.error(`Failed to update bucket: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent title={`Edit bucket "${bucket.name}"`} size="lg" isBare testId="edit-bucket-dialog">
        <form onSubmit={submit} noValidate>
          <div className="max-h-[70vh] space-y-5 overflow-y-auto px-5 py-4">
            <Field label="Name of bucket" description="Buckets cannot be renamed once created.">
              {(props) => <Input {...props} value={bucket.name} disabled readOnly />}
            </Field>
            <BucketFormFields
              projectRef={projectRef}
              values={form.values}
              onChange={form.change}
              errors={form.errors}
              onBlur={form.touch}
              savedPublic={bucket.public}
            />
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={update.isPending} data-testid="bucket-save">
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
