import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { useCreateVaultSecretMutation, useUpdateVaultSecretMutation } from '../../data/vault/vault-mutations.ts';
import type { VaultSecret } from '../../data/vault/vault-secrets-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { SecretValueInput } from '../function-secrets/secret-value-input.tsx';

interface SecretDialogProps {
  projectRef: string;
  /** 'new' to add a secret, a secret to edit it, null when closed. */
  secret: VaultSecret | 'new' | null;
  onClose: () => void;
}

/**
 * Adds or edits a vault secret. Editing never shows the stored value: an empty value field keeps
 * it, and only a typed value replaces it.
 */
export function SecretDialog({ projectRef, secret, onClose }: SecretDialogProps) {
  const isNew = secret === 'new';
  const editing = secret !== null && secret !== 'new' ? secret : null;
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const create = useCreateVaultSecretMutation(projectRef);
  const update = useUpdateVaultSecretMutation(projectRef);
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    setName(editing?.name ?? '');
    setDescription(editing?.description ?? '');
    setValue('');
    setIsTouched(false);
  }, [secret]); // eslint-disable-line react-hooks/exhaustive-deps -- reset when another secret is opened

  const nameError = name.trim() === '' ? 'Please provide a name for your secret' : null;
  const valueError = isNew && value === '' ? 'Please provide a value for your secret' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (nameError || valueError) return;
    const input = { name: name.trim(), value: value === '' ? null : value, description };
    const done = {
      onSuccess: () => {
        toast.success(isNew ? `Successfully added secret ${input.name}` : `Successfully updated secret ${input.name}`);
        onClose();
      },
      onError: (error: unknown) => toast.error(`Failed to ${isNew ? 'add' : 'update'} secret: ${errorMessage(error)}`),
    };
    if (editing) update.mutate({ id: editing.id, ...input }, done);
    else create.mutate(input, done);
  }

  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent
        title={isNew ? 'Add new secret' : `Edit secret ${editing?.name ?? ''}`}
        description={isNew ? 'The value is encrypted before it is stored.' : 'Leave the value empty to keep the current one.'}
        testId="vault-secret-dialog"
        isBare
      >
        <form onSubmit={submit} noValidate>
          <div className="space-y-4 px-5 py-4">
            <Field label="Name" error={isTouched ? nameError : null}>
              {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} className="font-mono" data-testid="vault-secret-name" />}
            </Field>
            <Field label={isNew ? 'Secret value' : 'New secret value'} error={isTouched ? valueError : null}>
              {(props) => <SecretValueInput {...props} value={value} onChange={setValue} placeholder={isNew ? undefined : 'Unchanged'} testId="vault-secret-value" />}
            </Field>
            <Field label="Description" aside="Optional">
              {(props) => <Textarea {...props} value={description} onChange={(e) => setDescription(e.target.value)} className="min-h-20" data-testid="vault-secret-description" />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={isPending} data-testid="vault-secret-save">
              {isNew ? 'Add secret' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
