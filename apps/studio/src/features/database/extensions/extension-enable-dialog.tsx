import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Input, Select } from '../../../components/ui/input.tsx';
import { useExtensionEnableMutation } from '../../../data/extensions/extension-enable-mutation.ts';
import type { Extension } from '../../../data/pg-meta/types.ts';
import { useSchemaCreateMutation } from '../../../data/schemas/schema-create-mutation.ts';
import { useSchemasQuery } from '../../../data/schemas/schemas-query.ts';
import { errorMessage } from '../../../lib/api.ts';

const DEFAULT_SCHEMA = 'extensions';
/** The "Create a new schema" choice: no schema is named ''. */
const NEW_SCHEMA = '';

/**
 * Enables an extension in a schema of the user's choice: `extensions` (where Supabase keeps them,
 * and on the database's search_path), another schema people made, or a new one.
 */
export function ExtensionEnableDialog({ projectRef, extension, onClose }: { projectRef: string; extension: Extension; onClose: () => void }) {
  const schemas = useSchemasQuery(projectRef);
  const enable = useExtensionEnableMutation(projectRef);
  const createSchema = useSchemaCreateMutation(projectRef);
  const [choice, setChoice] = useState(DEFAULT_SCHEMA);
  const [newSchema, setNewSchema] = useState('');
  const isNew = choice === NEW_SCHEMA;
  const target = isNew ? newSchema.trim() : choice;
  // Platform schemas (auth, storage, ...) are not for extensions; `extensions` is, though reserved.
  const ownSchemas = (schemas.data ?? []).filter((s) => !s.is_protected && s.name !== DEFAULT_SCHEMA).map((s) => s.name).sort((a, b) => a.localeCompare(b));
  const isBusy = enable.isPending || createSchema.isPending;

  async function confirm() {
    if (!target) return;
    try {
      if (isNew) await createSchema.mutateAsync({ name: target });
      await enable.mutateAsync({ name: extension.name, schema: target, cascade: true });
      toast.success(`Extension "${extension.name}" is now enabled`);
      onClose();
    } catch (error) {
      toast.error(`Failed to enable ${extension.name}: ${errorMessage(error)}`);
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Enable ${extension.name}`}
      description="The extension's functions, types and operators are created in the schema you choose, with any extensions it requires."
      confirmLabel="Enable extension"
      isLoading={isBusy}
      onConfirm={() => void confirm()}
      testId="extension-enable-dialog"
    >
      <Field label="Schema" description={choice === DEFAULT_SCHEMA ? 'Recommended: the database looks up names in "extensions" without a schema prefix.' : 'Objects in this schema need its name as a prefix unless it is on the search_path.'}>
        {(props) => (
          <Select {...props} value={choice} onChange={(e) => setChoice(e.target.value)} disabled={isBusy} data-testid="extension-schema">
            <option value={DEFAULT_SCHEMA}>{DEFAULT_SCHEMA}</option>
            {ownSchemas.map((name) => <option key={name} value={name}>{name}</option>)}
            <option value={NEW_SCHEMA}>Create a new schema</option>
          </Select>
        )}
      </Field>
      {isNew && (
        <Field label="New schema name" error={newSchema.length > 0 && !target ? 'Enter a schema name.' : null}>
          {(props) => <Input {...props} autoFocus value={newSchema} onChange={(e) => setNewSchema(e.target.value)} placeholder="e.g. vectors" data-testid="extension-new-schema" />}
        </Field>
      )}
    </ConfirmDialog>
  );
}
