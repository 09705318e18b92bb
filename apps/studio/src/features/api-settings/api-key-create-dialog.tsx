import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ApiKeyCreate } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useApiKeyCreateMutation } from '../../data/api-keys/api-key-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

const TYPES = [
  { value: 'publishable', label: 'Publishable' },
  { value: 'secret', label: 'Secret' },
] as const satisfies readonly { value: ApiKeyCreate['type']; label: string }[];

const TYPE_NOTES: Record<ApiKeyCreate['type'], string> = {
  publishable: 'Acts as the anon role: safe in a browser or app when Row Level Security protects your tables.',
  secret: 'Acts as the service_role: bypasses Row Level Security. Keep it on servers you control.',
};

/** The server's rule (packages/api-contract apiKeyNameSchema), checked here so the form can say so before sending. */
export function validateApiKeyName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 4) return 'The name must be at least 4 characters long.';
  if (trimmed.length > 64) return 'The name must be at most 64 characters long.';
  if (!/^[a-z_][a-z0-9_]*$/.test(trimmed)) return 'Use lowercase letters, digits and underscores only, starting with a letter or underscore.';
  return null;
}

interface ApiKeyCreateDialogProps {
  projectRef: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ApiKeyCreateDialog({ projectRef, open, onOpenChange }: ApiKeyCreateDialogProps) {
  const create = useApiKeyCreateMutation(projectRef);
  const [type, setType] = useState<ApiKeyCreate['type']>('publishable');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const nameError = validateApiKeyName(name);

  function close(next: boolean) {
    if (create.isPending) return;
    if (!next) {
      setName('');
      setDescription('');
      setIsTouched(false);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (nameError) return;
    create.mutate(
      { type, name: name.trim(), description: description.trim() || null },
      {
        onSuccess: (key) => {
          toast.success(`${key.type === 'secret' ? 'Secret' : 'Publishable'} key "${key.name}" created`);
          close(false);
        },
        onError: (error) => toast.error('Failed to create API key', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Create a new API key" testId="api-key-create-dialog" isBare>
        <form onSubmit={submit}>
          <div className="space-y-4 px-5 py-4">
            <div className="space-y-2">
              <p className="text-sm font-medium text-fg">Type</p>
              <SegmentedControl label="Key type" options={TYPES} value={type} onChange={setType} />
              <p className="text-xs text-fg-subtle">{TYPE_NOTES[type]}</p>
            </div>
            <Field label="Name" description="Lowercase letters, digits and underscores, e.g. web_app." error={isTouched ? nameError : null}>
              {(props) => (
                <Input
                  {...props}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  onBlur={() => setIsTouched(true)}
                  data-testid="api-key-name-input"
                />
              )}
            </Field>
            <Field label="Description" aside="Optional">
              {(props) => <Input {...props} value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} data-testid="api-key-description-input" />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="api-key-create-confirm">
              Create API key
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
