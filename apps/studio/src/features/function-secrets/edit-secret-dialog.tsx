import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/input.tsx';
import { useFunctionSecretsCreateMutation } from '../../data/function-secrets/secrets-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { secretValueError } from './secret-form.ts';
import { SecretValueInput } from './secret-value-input.tsx';

interface EditSecretDialogProps {
  projectRef: string;
  /** The secret being replaced; null when closed. */
  name: string | null;
  onClose: () => void;
}

/** Replaces a secret's value. The old value is never shown: the server keeps only its digest readable. */
export function EditSecretDialog({ projectRef, name, onClose }: EditSecretDialogProps) {
  const [value, setValue] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const replace = useFunctionSecretsCreateMutation(projectRef);
  const error = secretValueError(value);

  useEffect(() => {
    setValue('');
    setIsTouched(false);
  }, [name]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error || name === null) return;
    replace.mutate([{ name, value }], {
      onSuccess: () => {
        toast.success(`Successfully updated secret ${name}`);
        onClose();
      },
      onError: (e) => toast.error(`Failed to update secret: ${errorMessage(e)}`),
    });
  }

  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && !replace.isPending && onClose()}>
      <DialogContent title={`Edit secret ${name ?? ''}`} description="The current value is never shown after it is saved: enter a new value to replace it." testId="edit-secret-dialog" isBare>
        <form onSubmit={submit} noValidate>
          <div className="px-5 py-4">
            <Field label="New value" error={isTouched ? error : null} description="Running functions pick up the new value at their next request.">
              {(props) => <SecretValueInput {...props} autoFocus value={value} onChange={setValue} testId="edit-secret-value-input" />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={replace.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={replace.isPending} data-testid="edit-secret-save">
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
