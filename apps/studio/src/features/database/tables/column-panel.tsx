import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import type { Column, Table } from '../../../data/pg-meta/types.ts';
import { useEnumTypeNames } from '../../../data/enum-types/enum-types-query.ts';
import { useColumnCreateMutation } from '../../../data/tables/column-create-mutation.ts';
import { useColumnUpdateMutation } from '../../../data/tables/column-update-mutation.ts';
import { useForeignKeyCreateMutation } from '../../../data/tables/foreign-key-create-mutation.ts';
import { useTableUpdateMutation } from '../../../data/tables/table-update-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ColumnTypeInput } from './column-type-input.tsx';
import { canBeIdentity, suggestedDefaults } from './column-types.ts';
import { ForeignKeyDialog, type ForeignKeyChoice } from './foreign-key-dialog.tsx';
import { columnChanges, columnDefinition, columnFromExisting, columnProblem, newColumn, type ColumnFormValues } from './table-form.ts';

interface ColumnPanelProps {
  projectRef: string;
  table: Table;
  /** null: add a column. */
  column: Column | null;
  onClose: () => void;
}

/** Add a column to a table (with an optional foreign key) or change one. */
export function ColumnPanel({ projectRef, table, column, onClose }: ColumnPanelProps) {
  const isNew = column === null;
  const [values, setValues] = useState<ColumnFormValues>(() => (column ? columnFromExisting(column) : newColumn()));
  const [foreignKey, setForeignKey] = useState<ForeignKeyChoice | null>(null);
  const [isPickingFk, setIsPickingFk] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enumTypes = useEnumTypeNames(projectRef, table.schema);
  const create = useColumnCreateMutation(projectRef);
  const update = useColumnUpdateMutation(projectRef);
  const updateTable = useTableUpdateMutation(projectRef);
  const createForeignKey = useForeignKeyCreateMutation(projectRef);
  const isSaving = create.isPending || update.isPending || updateTable.isPending || createForeignKey.isPending;
  const set = (patch: Partial<ColumnFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const suggestions = suggestedDefaults(values.type);

  async function save() {
    const problem = columnProblem(values);
    if (problem) return setError(problem);
    setError(null);
    try {
      if (isNew) {
        await create.mutateAsync({ ...columnDefinition(values), table_id: table.id });
        toast.success(`Successfully added column "${values.name}"`);
        if (foreignKey) {
          // The column exists now either way; a failed key is reported and can be added from the column's menu.
          try {
            await createForeignKey.mutateAsync({ table_id: table.id, columns: [values.name], target_table_id: foreignKey.tableId, target_columns: [foreignKey.column], on_delete: foreignKey.onDelete });
          } catch (err) {
            toast.error(`Failed to add the foreign key on "${values.name}": ${errorMessage(err)}`);
          }
        }
        return onClose();
      }
      const changes = columnChanges(column, values);
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: column.id, changes });
      if (values.isPrimaryKey !== column.is_primary_key) {
        // A primary key is a table constraint: the new key is the other key columns plus or minus this one.
        const others = table.primary_keys.map((k) => k.name).filter((n) => n !== column.name);
        await updateTable.mutateAsync({ id: table.id, changes: { primary_keys: values.isPrimaryKey ? [...others, values.name] : others } });
      }
      toast.success(`Successfully updated column "${values.name}"`);
      onClose();
    } catch (err) {
      setError(`Failed to ${isNew ? 'add' : 'update'} column: ${errorMessage(err)}`);
    }
  }

  return (
    <>
      <SidePanel
        open
        onRequestClose={() => !isSaving && onClose()}
        title={isNew ? `Add new column to ${table.name}` : `Update column ${column.name} from ${table.name}`}
        testId="column-panel"
        footer={
          <>
            <Button variant="outline" onClick={onClose} disabled={isSaving}>Cancel</Button>
            <Button variant="primary" onClick={() => void save()} isLoading={isSaving} data-testid="column-save">Save</Button>
          </>
        }
      >
        <div className="space-y-5 px-5 py-5">
          {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{error}</p>}
          <Field label="Name">
            {(props) => <Input {...props} autoFocus value={values.name} onChange={(e) => set({ name: e.target.value })} className="font-mono" data-testid="column-panel-name" />}
          </Field>
          <Field label="Description" aside="Optional">
            {(props) => <Input {...props} value={values.comment} onChange={(e) => set({ comment: e.target.value })} />}
          </Field>
          <Field label="Type" description={!isNew ? 'Changing the type converts existing values with a cast.' : undefined}>
            {(props) => <ColumnTypeInput {...props} value={values.type} onChange={(e) => set({ type: e.target.value })} extraTypes={enumTypes} className="font-mono" data-testid="column-panel-type" />}
          </Field>
          <Field label="Default value" description={values.isIdentity ? 'Identity columns take their values from a sequence.' : 'Leave empty for no default (NULL).'}>
            {(props) => (
              <Input {...props} value={values.isIdentity ? '' : values.defaultValue} disabled={values.isIdentity} list={`suggest-${values.key}`} className="font-mono"
                onChange={(e) => set({ defaultValue: e.target.value, defaultFormat: suggestions.includes(e.target.value) ? 'expression' : values.defaultFormat })} />
            )}
          </Field>
          <datalist id={`suggest-${values.key}`}>{suggestions.map((s) => <option key={s} value={s} />)}</datalist>
          {!values.isIdentity && values.defaultValue.trim() !== '' && (
            <Check label="The default is a SQL expression" description="e.g. now() or gen_random_uuid(); otherwise it is stored as a value." checked={values.defaultFormat === 'expression'} onChange={(v) => set({ defaultFormat: v ? 'expression' : 'literal' })} />
          )}
          <div className="space-y-3 rounded-md border border-line px-4 py-3">
            <Check label="Is Primary Key" checked={values.isPrimaryKey} onChange={(v) => set({ isPrimaryKey: v, isNullable: v ? false : values.isNullable })} />
            <Check label="Is Identity" description="Automatically numbered (integer types)." checked={values.isIdentity} disabled={!canBeIdentity(values.type)} onChange={(v) => set({ isIdentity: v })} />
            <Check label="Allow Nullable" description="Allow the column to have NULL values." checked={values.isNullable && !values.isPrimaryKey} disabled={values.isPrimaryKey} onChange={(v) => set({ isNullable: v })} />
            <Check label="Is Unique" description="Enforce values to be unique across rows." checked={values.isUnique} onChange={(v) => set({ isUnique: v })} />
          </div>
          <Field label="CHECK constraint" aside="Optional">
            {(props) => <Input {...props} value={values.check} onChange={(e) => set({ check: e.target.value })} placeholder="length(title) < 500" className="font-mono text-xs" />}
          </Field>
          {isNew && (
            <div className="flex items-center justify-between gap-3 rounded-md border border-line px-4 py-3 text-sm">
              <span className="text-fg-muted">{foreignKey ? <>References <code className="font-mono text-fg">{foreignKey.label}</code> (on delete {foreignKey.onDelete})</> : 'No foreign key'}</span>
              <Button size="sm" variant="outline" onClick={() => setIsPickingFk(true)}>{foreignKey ? 'Edit foreign key' : 'Add foreign key'}</Button>
            </div>
          )}
        </div>
      </SidePanel>
      {isPickingFk && (
        <ForeignKeyDialog projectRef={projectRef} columnName={values.name} initialSchema={table.schema}
          initial={foreignKey && { tableId: foreignKey.tableId, column: foreignKey.column, onDelete: foreignKey.onDelete }}
          onSave={(choice) => { setForeignKey(choice); setIsPickingFk(false); }} onClose={() => setIsPickingFk(false)} />
      )}
    </>
  );
}

function Check({ label, description, checked, disabled = false, onChange }: { label: string; description?: string; checked: boolean; disabled?: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-start gap-3 text-sm has-[:disabled]:opacity-50">
      <input type="checkbox" className="mt-0.5 accent-brand" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="font-medium text-fg">{label}</span>
        {description && <span className="block text-xs text-fg-muted">{description}</span>}
      </span>
    </label>
  );
}
