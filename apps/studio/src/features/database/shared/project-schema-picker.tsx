import { useState } from 'react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { SchemaPicker } from '../../../components/ui/schema-picker.tsx';
import { useProjectCan } from '../../../data/pg-meta/project-permissions.ts';
import { useSchemaCreateMutation } from '../../../data/schemas/schema-create-mutation.ts';
import { useSchemaNames } from '../../../data/schemas/schemas-query.ts';
import { errorMessage } from '../../../lib/api.ts';

interface ProjectSchemaPickerProps {
  projectRef: string;
  value: string;
  onChange: (schema: string) => void;
  showAllSchemas?: boolean;
  className?: string;
}

/** The shared schema picker wired to the project's schemas, with 'Create a new schema' for writers. */
export function ProjectSchemaPicker({ projectRef, value, onChange, showAllSchemas = false, className = 'w-56' }: ProjectSchemaPickerProps) {
  const schemas = useSchemaNames(projectRef);
  const canCreate = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <SchemaPicker
        schemas={schemas.names}
        value={value}
        onChange={onChange}
        isLoading={schemas.isLoading}
        isError={schemas.isError}
        onReload={schemas.refetch}
        showAllSchemas={showAllSchemas}
        onCreateSchema={canCreate ? () => setIsCreating(true) : undefined}
        className={className}
      />
      {isCreating && (
        <CreateSchemaDialog
          projectRef={projectRef}
          onClose={() => setIsCreating(false)}
          onCreated={(name) => {
            setIsCreating(false);
            onChange(name);
          }}
        />
      )}
    </>
  );
}

function CreateSchemaDialog({ projectRef, onClose, onCreated }: { projectRef: string; onClose: () => void; onCreated: (name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useSchemaCreateMutation(projectRef);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Please provide a name for your schema');
    create.mutate(
      { name: trimmed },
      {
        onSuccess: () => {
          toast.success(`Successfully created schema "${trimmed}"`);
          onCreated(trimmed);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent title="Create a new schema" size="sm" isBare>
        <form onSubmit={submit}>
          <div className="px-5 py-4">
            <Field label="Name" error={error}>
              {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} placeholder="schema_name" data-testid="schema-name-input" />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>Cancel</Button>
            <Button type="submit" variant="primary" isLoading={create.isPending}>Create schema</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
