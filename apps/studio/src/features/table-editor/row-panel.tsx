import { useEffect, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { ForeignKeyTarget, GridColumn, RelationMeta } from '../../data/table-rows/relation-sql.ts';
import { fetchCellValue, useRowInsertMutation, useRowUpdateMutation } from '../../data/table-rows/row-mutations.ts';
import { CELL_PREVIEW_CHARS, rowKeyOf, type GridRow, type RowValues } from '../../data/table-rows/rows-sql.ts';
import { validateValue } from './column-kind.ts';
import { FkLookupDialog } from './fk-lookup-dialog.tsx';
import { ValueEditor } from './value-editor.tsx';

export type RowPanelMode = { kind: 'insert' } | { kind: 'edit'; row: GridRow };

/** Columns an insert leaves to the database unless the user gives a value. */
function startsAsDefault(column: GridColumn): boolean {
  return column.isIdentity || column.defaultValue !== null || column.isGenerated;
}

/** Insert a row, or edit every field of one, with typed editors; only changed fields are written. */
export function RowPanel({ projectRef, meta, mode, onClose }: { projectRef: string; meta: RelationMeta; mode: RowPanelMode | null; onClose: () => void }) {
  const insert = useRowInsertMutation(projectRef, meta);
  const update = useRowUpdateMutation(projectRef, meta);
  const [values, setValues] = useState<RowValues>({});
  const [isDefault, setIsDefault] = useState<Record<string, boolean>>({});
  const [loadingColumns, setLoadingColumns] = useState<Set<string>>(new Set());
  const [lookup, setLookup] = useState<ForeignKeyTarget | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const original: RowValues = {};
  if (mode?.kind === 'edit') meta.columns.forEach((column, index) => (original[column.name] = mode.row[index] ?? null));

  useEffect(() => {
    if (!mode) return;
    setIsSubmitted(false);
    if (mode.kind === 'insert') {
      setValues(Object.fromEntries(meta.columns.map((c) => [c.name, c.isNullable ? null : ''])));
      setIsDefault(Object.fromEntries(meta.columns.map((c) => [c.name, startsAsDefault(c)])));
      return;
    }
    const row = mode.row;
    setValues(Object.fromEntries(meta.columns.map((c, index) => [c.name, row[index] ?? null])));
    setIsDefault({});
    // Cells shown cut short are read in full before they can be edited.
    const cut = meta.columns.filter((_, index) => (row[index]?.length ?? 0) > CELL_PREVIEW_CHARS);
    if (cut.length === 0) return setLoadingColumns(new Set());
    setLoadingColumns(new Set(cut.map((c) => c.name)));
    const key = rowKeyOf(meta, row);
    for (const column of cut) {
      void fetchCellValue(projectRef, meta, key, column.name).then((full) => {
        setValues((v) => ({ ...v, [column.name]: full }));
        setLoadingColumns((s) => new Set([...s].filter((name) => name !== column.name)));
      });
    }
  }, [mode, meta, projectRef]);

  const editable = meta.columns.filter((c) => (mode?.kind === 'insert' ? !c.isGenerated : c.isUpdatable));
  const errors = Object.fromEntries(editable.filter((c) => !isDefault[c.name]).map((c) => [c.name, validateValue(c, values[c.name] ?? null)]));
  const isPending = insert.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (!mode || Object.values(errors).some(Boolean) || loadingColumns.size > 0) return;
    if (mode.kind === 'insert') {
      const chosen = Object.fromEntries(editable.filter((c) => !isDefault[c.name]).map((c) => [c.name, values[c.name] ?? null]));
      insert.mutate(
        { values: chosen },
        { onSuccess: () => (toast.success('Successfully added row'), onClose()), onError: (e) => toast.error(`Failed to add row: ${errorMessage(e)}`) },
      );
      return;
    }
    const changed = Object.fromEntries(editable.filter((c) => values[c.name] !== original[c.name]).map((c) => [c.name, values[c.name] ?? null]));
    if (Object.keys(changed).length === 0) return onClose();
    update.mutate(
      { key: rowKeyOf(meta, mode.row), values: changed },
      { onSuccess: () => (toast.success('Successfully updated row'), onClose()), onError: (e) => toast.error(`Failed to update row: ${errorMessage(e)}`) },
    );
  }

  return (
    <SidePanel
      open={mode !== null}
      onRequestClose={() => !isPending && onClose()}
      title={mode?.kind === 'insert' ? `Add new row to ${meta.name}` : `Update row from ${meta.name}`}
      size="large"
      testId="row-panel"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" form="row-panel-form" variant="primary" isLoading={isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="row-panel-form" onSubmit={submit} className="divide-y divide-line">
        {editable.map((column) => {
          const error = isSubmitted ? errors[column.name] : null;
          const foreignKey = meta.foreignKeys.find((fk) => fk.column === column.name);
          const fieldId = `row-field-${column.position}`;
          return (
            <div key={column.name} className="grid grid-cols-[12rem_1fr] gap-4 px-5 py-3">
              <label htmlFor={fieldId} className="min-w-0 space-y-0.5 pt-1.5">
                <span className="flex items-center gap-1 truncate text-sm font-medium text-fg">
                  {meta.primaryKeys.includes(column.name) && <KeyRound className="size-3 text-warning" aria-label="Primary key" />}
                  {column.name}
                </span>
                <span className="block truncate font-mono text-[11px] text-fg-subtle">{column.dataType}</span>
                {column.comment && <span className="block text-xs text-fg-muted">{column.comment}</span>}
              </label>
              <div className="min-w-0 space-y-1">
                {isDefault[column.name] ? (
                  <button type="button" onClick={() => setIsDefault((d) => ({ ...d, [column.name]: false }))} className="h-9 w-full rounded-md border border-dashed border-line-strong px-2 text-left text-xs text-fg-subtle hover:text-fg">
                    {column.isIdentity ? 'Automatically generated as identity' : `Default: ${column.defaultValue ?? 'NULL'}`} · click to set a value
                  </button>
                ) : loadingColumns.has(column.name) ? (
                  <p className="py-2 text-xs text-fg-subtle">Loading the full value…</p>
                ) : (
                  <ValueEditor
                    id={fieldId}
                    column={column}
                    value={values[column.name] ?? null}
                    onChange={(value) => setValues((v) => ({ ...v, [column.name]: value }))}
                    foreignKey={foreignKey}
                    onLookup={foreignKey ? () => setLookup(foreignKey) : undefined}
                  />
                )}
                {error && <p className="text-xs text-danger">{error}</p>}
              </div>
            </div>
          );
        })}
      </form>
      <FkLookupDialog
        projectRef={projectRef}
        target={lookup}
        onClose={() => setLookup(null)}
        onSelect={(value) => lookup && setValues((v) => ({ ...v, [lookup.column]: value }))}
      />
    </SidePanel>
  );
}
