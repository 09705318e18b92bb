import { useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import type { Table, TableUpdate } from '../../../data/pg-meta/types.ts';
import { useEnumTypeNames } from '../../../data/enum-types/enum-types-query.ts';
import { useForeignKeyCreateMutation } from '../../../data/tables/foreign-key-create-mutation.ts';
import { useTableCreateMutation } from '../../../data/tables/table-create-mutation.ts';
import { useTableUpdateMutation } from '../../../data/tables/table-update-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ColumnRow } from './column-row.tsx';
import { ForeignKeyDialog, type ForeignKeyChoice } from './foreign-key-dialog.tsx';
import { columnDefinition, columnsProblem, defaultNewTableColumns, identifierProblem, newColumn, type ColumnFormValues } from './table-form.ts';

/** Everything the user can change, for "Discard changes" (column keys are React-only). */
function snapshot(name: string, comment: string, isRlsEnabled: boolean, columns: ColumnFormValues[]): string {
  return JSON.stringify({ name, comment, isRlsEnabled, columns: columns.map((c) => ({ ...c, key: '' })) });
}

interface TableEditorPanelProps {
  projectRef: string;
  schema: string;
  /** null: create a table. */
  table: Table | null;
  onClose: () => void;
  onCreated?: (table: Table) => void;
}

/** Create a table with its columns, keys and foreign keys, or edit a table's name, description and RLS. */
export function TableEditorPanel({ projectRef, schema, table, onClose, onCreated }: TableEditorPanelProps) {
  const isNew = table === null;
  const [name, setName] = useState(table?.name ?? '');
  const [comment, setComment] = useState(table?.comment ?? '');
  const [isRlsEnabled, setIsRlsEnabled] = useState(table?.rls_enabled ?? true);
  const [columns, setColumns] = useState<ColumnFormValues[]>(() => (isNew ? defaultNewTableColumns() : []));
  const [fkLabels, setFkLabels] = useState<Record<string, string>>({});
  const [editingFk, setEditingFk] = useState<ColumnFormValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const enumTypes = useEnumTypeNames(projectRef, schema);
  const create = useTableCreateMutation(projectRef);
  const update = useTableUpdateMutation(projectRef);
  const createForeignKey = useForeignKeyCreateMutation(projectRef);
  const isSaving = create.isPending || update.isPending || createForeignKey.isPending;

  const current = snapshot(name, comment, isRlsEnabled, columns);
  const [initialSnapshot] = useState(current);
  const isDirty = current !== initialSnapshot;

  function requestClose() {
    if (isSaving) return;
    if (isDirty) setIsConfirmingDiscard(true);
    else onClose();
  }

  function updateColumn(key: string, next: ColumnFormValues) {
    setColumns((all) => all.map((c) => (c.key === key ? next : c)));
  }

  function saveForeignKey(column: ColumnFormValues, choice: ForeignKeyChoice | null) {
    updateColumn(column.key, { ...column, foreignKey: choice && { tableId: choice.tableId, column: choice.column, onDelete: choice.onDelete } });
    setFkLabels((labels) => ({ ...labels, [column.key]: choice?.label ?? '' }));
    setEditingFk(null);
  }

  async function save() {
    const problem = identifierProblem(name, 'table name') ?? (isNew ? columnsProblem(columns) : null);
    if (problem) return setError(problem);
    setError(null);
    if (!isNew) {
      const changes: TableUpdate = {};
      if (name !== table.name) changes.name = name;
      if (comment.trim() !== (table.comment ?? '')) changes.comment = comment.trim() || null;
      if (isRlsEnabled !== table.rls_enabled) changes.rls_enabled = isRlsEnabled;
      if (Object.keys(changes).length === 0) return onClose();
      try {
        await update.mutateAsync({ id: table.id, changes });
        toast.success(`Successfully updated table ${name}`);
        onClose();
      } catch (err) {
        setError(`Failed to update table: ${errorMessage(err)}`);
      }
      return;
    }
    let created: Table;
    try {
      created = await create.mutateAsync({ name, schema, comment: comment.trim() || null, rls_enabled: isRlsEnabled, columns: columns.map(columnDefinition) });
    } catch (err) {
      return setError(`Failed to create table: ${errorMessage(err)}`);
    }
    // Foreign keys need the new table's id, so they follow the table; a failure leaves the table in place.
    for (const column of columns.filter((c) => c.foreignKey)) {
      const fk = column.foreignKey;
      if (!fk) continue;
      try {
        await createForeignKey.mutateAsync({ table_id: created.id, columns: [column.name], target_table_id: fk.tableId, target_columns: [fk.column], on_delete: fk.onDelete });
      } catch (err) {
        toast.error(`Created table ${name}, but failed to add the foreign key on "${column.name}": ${errorMessage(err)}`);
      }
    }
    toast.success(`Successfully created table ${name}`);
    onCreated?.(created);
    onClose();
  }

  const footer = (
    <>
      <Button variant="outline" onClick={requestClose} disabled={isSaving}>Cancel</Button>
      <Button variant="primary" onClick={() => void save()} isLoading={isSaving} data-testid="table-save">Save</Button>
    </>
  );

  return (
    <>
      <SidePanel open onRequestClose={requestClose} size="large" testId="table-editor-panel" footer={footer}
        title={isNew ? `Create a new table under ${schema}` : `Update table ${table.name}`}>
        <div className="space-y-5 px-5 py-5">
          {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger" data-testid="table-form-error">{error}</p>}
          <Field label="Name">
            {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} placeholder="table_name" className="font-mono" data-testid="table-name-input" />}
          </Field>
          <Field label="Description" aside="Optional">
            {(props) => <Input {...props} value={comment} onChange={(e) => setComment(e.target.value)} />}
          </Field>
          <label className="flex items-start gap-3 rounded-md border border-line bg-surface-2 px-3 py-3 text-sm">
            <input type="checkbox" className="mt-0.5 accent-brand" checked={isRlsEnabled} onChange={(e) => setIsRlsEnabled(e.target.checked)} data-testid="table-rls-checkbox" />
            <span>
              <span className="font-medium text-fg">Enable Row Level Security (RLS)</span>
              <span className="block text-fg-muted">Restrict access to your table with policies. Without policies, no rows are readable through the API.</span>
            </span>
          </label>
          {isNew && (
            <div className="space-y-2">
              <div className="flex items-center justify-between">
                <h3 className="text-sm font-medium text-fg">Columns</h3>
                <Button size="sm" variant="outline" icon={<Plus className="size-3.5" />} onClick={() => setColumns((all) => [...all, newColumn()])} data-testid="add-column">
                  Add column
                </Button>
              </div>
              <div className="grid grid-cols-[minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] gap-2 text-xs text-fg-subtle">
                <span>Name</span><span>Type</span><span>Default value</span><span className="w-64" />
              </div>
              <div>
                {columns.map((column, index) => (
                  <ColumnRow
                    key={column.key}
                    index={index}
                    column={column}
                    enumTypes={enumTypes}
                    foreignKeyLabel={column.foreignKey ? fkLabels[column.key] || 'foreign key' : null}
                    onChange={(next) => updateColumn(column.key, next)}
                    onRemove={() => setColumns((all) => all.filter((c) => c.key !== column.key))}
                    onEditForeignKey={() => setEditingFk(column)}
                  />
                ))}
              </div>
            </div>
          )}
        </div>
      </SidePanel>
      {editingFk && (
        <ForeignKeyDialog projectRef={projectRef} columnName={editingFk.name} initialSchema={schema} initial={editingFk.foreignKey}
          onSave={(choice) => saveForeignKey(editingFk, choice)} onClose={() => setEditingFk(null)} />
      )}
      <ConfirmDialog open={isConfirmingDiscard} onOpenChange={setIsConfirmingDiscard} title="Discard changes"
        description="There are unsaved changes. Are you sure you want to close the panel? Your changes will be lost."
        confirmLabel="Discard changes" cancelLabel="Keep editing" variant="danger" onConfirm={() => { setIsConfirmingDiscard(false); onClose(); }} />
    </>
  );
}
