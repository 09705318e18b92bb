import { useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, KeyRound, Link2, Maximize2 } from 'lucide-react';
import { toast } from 'sonner';
import { CellValue } from '../../components/ui/cell-value.tsx';
import { DataGrid, type CellPosition, type DataGridColumn } from '../../components/ui/data-grid.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { ForeignKeyTarget, RelationMeta } from '../../data/table-rows/relation-sql.ts';
import { useRowUpdateMutation } from '../../data/table-rows/row-mutations.ts';
import { CELL_PREVIEW_CHARS, rowKeyOf, type GridRow, type RowSort } from '../../data/table-rows/rows-sql.ts';
import { needsPanelEditor, validateValue } from './column-kind.ts';
import { CellDialog, type CellDialogTarget } from './cell-dialog.tsx';
import { FkLookupDialog } from './fk-lookup-dialog.tsx';
import { ValueEditor } from './value-editor.tsx';

interface RowsGridProps {
  projectRef: string;
  meta: RelationMeta;
  rows: GridRow[];
  sorts: RowSort[];
  onSortsChange: (sorts: RowSort[]) => void;
  /** Rows can be changed here: a table with a primary key, and the permission to write. */
  isEditable: boolean;
  selected: Set<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onEditRow: (row: GridRow) => void;
}

/** The next sort when a header is clicked: ascending, descending, then none; Shift adds a column. */
function nextSorts(sorts: RowSort[], column: string, isAdding: boolean): RowSort[] {
  const current = sorts.find((s) => s.column === column);
  const others = isAdding ? sorts.filter((s) => s.column !== column) : [];
  if (!current) return [...others, { column, ascending: true }];
  if (current.ascending) return isAdding ? sorts.map((s) => (s.column === column ? { column, ascending: false } : s)) : [{ column, ascending: false }];
  return others;
}

/** The rows of a table or view: sortable, resizable, editable in place with typed editors. */
export function RowsGrid({ projectRef, meta, rows, sorts, onSortsChange, isEditable, selected, onSelectedChange, onEditRow }: RowsGridProps) {
  const update = useRowUpdateMutation(projectRef, meta);
  const [active, setActive] = useState<CellPosition | null>(null);
  const [editing, setEditing] = useState<{ row: number; column: number; value: string | null } | null>(null);
  const [dialog, setDialog] = useState<CellDialogTarget | null>(null);
  const [lookup, setLookup] = useState<{ target: ForeignKeyTarget; row: number } | null>(null);
  const offset = isEditable ? 1 : 0;

  const columns = useMemo<DataGridColumn[]>(() => {
    const dataColumns: DataGridColumn[] = meta.columns.map((column) => {
      const sort = sorts.find((s) => s.column === column.name);
      const isKey = meta.primaryKeys.includes(column.name);
      const isForeign = meta.foreignKeys.some((fk) => fk.column === column.name);
      return {
        key: column.name,
        // Room for the name and its type in the header, within reason.
        width: Math.min(360, Math.max(120, (column.name.length + column.dataType.length) * 7 + 56)),
        header: (
          <button
            type="button"
            onClick={(e) => onSortsChange(nextSorts(sorts, column.name, e.shiftKey))}
            title={`${column.name} (${column.dataType})${column.comment ? ` — ${column.comment}` : ''}. Click to sort; Shift-click to add to the sort.`}
            className="flex w-full min-w-0 items-center gap-1 text-left"
            data-testid={`column-header-${column.name}`}
          >
            {isKey && <KeyRound className="size-3 shrink-0 text-warning" aria-label="Primary key" />}
            {isForeign && <Link2 className="size-3 shrink-0 text-info" aria-label="Foreign key" />}
            <span className="truncate text-fg">{column.name}</span>
            <span className="truncate font-normal text-fg-subtle">{column.dataType}</span>
            {sort && (sort.ascending ? <ArrowUp className="size-3 shrink-0 text-brand" aria-label="ascending" /> : <ArrowDown className="size-3 shrink-0 text-brand" aria-label="descending" />)}
          </button>
        ),
      };
    });
    if (!isEditable) return dataColumns;
    const allSelected = rows.length > 0 && selected.size === rows.length;
    return [
      {
        key: '__select',
        width: 64,
        isFrozen: true,
        isResizable: false,
        header: <input type="checkbox" aria-label="Select all rows" checked={allSelected} onChange={() => onSelectedChange(allSelected ? new Set() : new Set(rows.map((_, i) => i)))} />,
      },
      ...dataColumns,
    ];
  }, [meta, sorts, onSortsChange, isEditable, rows, selected, onSelectedChange]);

  function activate(cell: CellPosition) {
    if (editing && editing.row === cell.row && editing.column === cell.column) return;
    const column = meta.columns[cell.column - offset];
    if (!column) return;
    const value = rows[cell.row]?.[cell.column - offset] ?? null;
    const canEdit = isEditable && column.isUpdatable;
    if (!canEdit || needsPanelEditor(column, value) || (value?.length ?? 0) > CELL_PREVIEW_CHARS) {
      setDialog({ row: rows[cell.row], columnIndex: cell.column - offset, canEdit });
      return;
    }
    setEditing({ row: cell.row, column: cell.column, value });
  }

  function commit() {
    if (!editing) return;
    const column = meta.columns[editing.column - offset];
    const row = rows[editing.row];
    if (!row || editing.value === (row[editing.column - offset] ?? null)) return setEditing(null);
    const problem = validateValue(column, editing.value);
    if (problem) return void toast.error(problem);
    update.mutate(
      { key: rowKeyOf(meta, row), values: { [column.name]: editing.value } },
      { onSuccess: () => setEditing(null), onError: (error) => toast.error(`Failed to update row: ${errorMessage(error)}`) },
    );
  }

  function renderCell(rowIndex: number, columnIndex: number) {
    const row = rows[rowIndex];
    if (isEditable && columnIndex === 0) {
      return (
        <span className="flex items-center gap-1.5">
          <input
            type="checkbox"
            aria-label={`Select row ${rowIndex + 1}`}
            checked={selected.has(rowIndex)}
            onChange={() => {
              const next = new Set(selected);
              if (next.has(rowIndex)) next.delete(rowIndex);
              else next.add(rowIndex);
              onSelectedChange(next);
            }}
          />
          <button type="button" aria-label={`Edit row ${rowIndex + 1}`} onClick={() => onEditRow(row)} className="rounded p-0.5 text-fg-subtle hover:bg-surface-3 hover:text-fg">
            <Maximize2 className="size-3" />
          </button>
        </span>
      );
    }
    const column = meta.columns[columnIndex - offset];
    if (editing && editing.row === rowIndex && editing.column === columnIndex) {
      const foreignKey = meta.foreignKeys.find((fk) => fk.column === column.name);
      return (
        <ValueEditor
          column={column}
          value={editing.value}
          isCompact
          autoFocus
          onChange={(value) => setEditing({ ...editing, value })}
          onCommit={commit}
          onCancel={() => setEditing(null)}
          foreignKey={foreignKey}
          onLookup={foreignKey ? () => setLookup({ target: foreignKey, row: rowIndex }) : undefined}
        />
      );
    }
    return <CellValue value={row?.[columnIndex - offset] ?? null} />;
  }

  return (
    <>
      <DataGrid
        label={`Rows of ${meta.name}`}
        testId="rows-grid"
        columns={columns}
        rowCount={rows.length}
        rowHeight={34}
        activeCell={active}
        onActiveCellChange={(cell) => {
          if (editing && (editing.row !== cell.row || editing.column !== cell.column)) commit();
          setActive(cell);
        }}
        onCellActivate={activate}
        isRowSelected={(row) => selected.has(row)}
        renderCell={renderCell}
      />
      <CellDialog projectRef={projectRef} meta={meta} target={dialog} onClose={() => setDialog(null)} />
      <FkLookupDialog
        projectRef={projectRef}
        target={lookup?.target ?? null}
        onClose={() => setLookup(null)}
        onSelect={(value) => editing && setEditing({ ...editing, value })}
      />
    </>
  );
}
