import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useBucketCreateMutation } from '../../data/storage/bucket-create-mutation.ts';
import { bucketCreateBody, bucketPath, EMPTY_BUCKET_FORM } from './bucket-form.ts';
import { BucketFormFields } from './bucket-form-fields.tsx';
import { useBucketForm } from './use-bucket-form.ts';

/** 'Create storage bucket' (spec §2 "Modals", §5 "Create bucket"). Mounted while open, so it always starts empty. */
export function CreateBucketDialog({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useBucketForm(EMPTY_BUCKET_FORM);
  const create = useBucketCreateMutation(projectRef);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    create.mutate(bucketCreateBody(form.values), {
      onSuccess: ({ name }) => {
        toast.success(`Successfully created bucket ${name}`);
        onClose();
        // Spec §2: right after creation the route uses the bucket name.
        void navigate(bucketPath(projectRef, name));
      },
      onError: (error) => toast.error(`Failed to create bucket: ${errorMessage(error)}`),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent title="Create storage bucket" size="lg" isBare testId="create-bucket-dialog">
        <form onSubmit={submit} noValidate>
          <div className="max-h-[70vh] space-y-5 overflow-y-auto px-5 py-4">
            <Field
              label="Name of bucket"
              error={form.errors.name}
              description="Only lowercase letters, numbers, dots, and hyphens. Buckets cannot be renamed once created."
            >
              {(props) => (
                <Input
                  {...props}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                  value={form.values.name}
                  onChange={(e) => form.change({ name: e.target.value })}
                  onBlur={() => form.touch('name')}
                  data-testid="bucket-name-input"
                />
              )}
            </Field>
            <BucketFormFields projectRef={projectRef} values={form.values} onChange={form.change} errors={form.errors} onBlur={form.touch} />
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="bucket-save">
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
