import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSchemaCreateMutation } from '../../data/schemas/schema-create-mutation.ts';

/** 'Create a new schema' from the schema picker; the new schema is selected once it exists. */
export function CreateSchemaDialog({ projectRef, open, onClose, onCreated }: { projectRef: string; open: boolean; onClose: () => void; onCreated: (name: string) => void }) {
  const [name, setName] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const create = useSchemaCreateMutation(projectRef);
  useEffect(() => {
    if (open) {
      setName('');
      setIsTouched(false);
    }
  }, [open]);
  const error = name.trim() === '' ? 'Please provide a name for your schema' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          toast.success(`Successfully created schema "${name.trim()}"`);
          onCreated(name.trim());
          onClose();
        },
        onError: (e) => toast.error(`Failed to create schema: ${errorMessage(e)}`),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !create.isPending && onClose()}>
      <DialogContent title="Create a new schema" size="sm" isBare testId="create-schema-dialog">
        <form onSubmit={submit}>
          <div className="px-5 py-4">
            <Field label="Name" error={isTouched ? error : null}>
              {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setIsTouched(true)} maxLength={63} />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending}>
              Create schema
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
