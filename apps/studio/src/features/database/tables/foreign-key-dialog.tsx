import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Select } from '../../../components/ui/input.tsx';
import { FOREIGN_KEY_ACTIONS } from '../../../data/pg-meta/types.ts';
import { useSchemaNames } from '../../../data/schemas/schemas-query.ts';
import { useTablesQuery } from '../../../data/tables/tables-query.ts';
import type { ForeignKeyActionValue } from './table-form.ts';

export interface ForeignKeyChoice {
  tableId: number;
  label: string;
  column: string;
  onDelete: ForeignKeyActionValue;
}

interface ForeignKeyDialogProps {
  projectRef: string;
  columnName: string;
  initialSchema: string;
  initial: { tableId: number; column: string; onDelete: ForeignKeyActionValue } | null;
  onSave: (choice: ForeignKeyChoice | null) => void;
  onClose: () => void;
}

/** Picks what a column references: schema, table, column, and what happens on delete. */
export function ForeignKeyDialog({ projectRef, columnName, initialSchema, initial, onSave, onClose }: ForeignKeyDialogProps) {
  const schemas = useSchemaNames(projectRef);
  const [schema, setSchema] = useState(initialSchema);
  const tables = useTablesQuery(projectRef, schema, { withColumns: true });
  const [tableId, setTableId] = useState<number | null>(initial?.tableId ?? null);
  const [column, setColumn] = useState(initial?.column ?? '');
  const [onDelete, setOnDelete] = useState<ForeignKeyActionValue>(initial?.onDelete ?? 'NO ACTION');
  const [error, setError] = useState<string | null>(null);
  const table = tables.data?.find((t) => t.id === tableId);
  // Postgres only accepts a referenced column with a primary key or unique constraint.
  const keyColumns = (table?.columns ?? []).filter((c) => c.is_primary_key || c.is_unique);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!table) return setError('Please choose the table this column references');
    if (!column) return setError('Please choose the referenced column');
    onSave({ tableId: table.id, label: `${table.schema}.${table.name}.${column}`, column, onDelete });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Foreign key on ${columnName || 'column'}`} description="Values of this column must exist in the referenced column." isBare>
        <form onSubmit={submit}>
          <div className="space-y-4 px-5 py-4">
            <Field label="Schema">
              {(props) => (
                <Select {...props} value={schema} onChange={(e) => { setSchema(e.target.value); setTableId(null); setColumn(''); }}>
                  {[...new Set([schema, ...schemas.names])].map((name) => <option key={name} value={name}>{name}</option>)}
                </Select>
              )}
            </Field>
            <Field label="Referenced table" error={tables.isError ? 'Failed to load tables' : null}>
              {(props) => (
                <Select {...props} value={tableId ?? ''} disabled={tables.isLoading} onChange={(e) => { setTableId(Number(e.target.value) || null); setColumn(''); }} data-testid="fk-table-select">
                  <option value="">{tables.isLoading ? 'Loading tables…' : 'Choose a table'}</option>
                  {(tables.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
                </Select>
              )}
            </Field>
            <Field label="Referenced column" description="Only primary key and unique columns can be referenced.">
              {(props) => (
                <Select {...props} value={column} disabled={!table} onChange={(e) => setColumn(e.target.value)} data-testid="fk-column-select">
                  <option value="">{table && keyColumns.length === 0 ? 'This table has no primary key or unique column' : 'Choose a column'}</option>
                  {keyColumns.map((c) => <option key={c.id} value={c.name}>{c.name} ({c.data_type})</option>)}
                </Select>
              )}
            </Field>
            <Field label="On delete">
              {(props) => (
                <Select {...props} value={onDelete} onChange={(e) => setOnDelete(e.target.value as ForeignKeyActionValue)}>
                  {FOREIGN_KEY_ACTIONS.map((action) => <option key={action} value={action}>{action}</option>)}
                </Select>
              )}
            </Field>
            {error && <p role="alert" className="text-sm text-danger">{error}</p>}
          </div>
          <div className="flex items-center justify-end gap-2 border-t border-line px-5 py-3">
            {initial && <Button variant="ghost" className="mr-auto text-danger" onClick={() => onSave(null)}>Remove foreign key</Button>}
            <Button variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary">Save</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
