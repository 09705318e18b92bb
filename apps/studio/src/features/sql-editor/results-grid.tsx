import { useMemo, useState } from 'react';
import { CellValue, cellText } from '../../components/ui/cell-value.tsx';
import { DataGrid, type CellPosition, type DataGridColumn } from '../../components/ui/data-grid.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import type { StatementResult } from '../../data/sql/execute-sql.ts';

/** A width that fits the header and a typical value, within reason. */
function initialWidth(name: string, sample: unknown): number {
  const chars = Math.max(name.length + 2, Math.min(cellText(sample).length, 40));
  return Math.min(360, Math.max(90, chars * 8 + 24));
}

/** One statement's rows, virtualised; double-click (or Enter) a cell to see its whole value. */
export function ResultsGrid({ result }: { result: StatementResult }) {
  const [active, setActive] = useState<CellPosition | null>(null);
  const [viewed, setViewed] = useState<{ column: string; value: unknown } | null>(null);
  const columns = useMemo<DataGridColumn[]>(
    () => [
      { key: '#', header: '', width: 56, isFrozen: true, isResizable: false },
      ...result.fields.map((field, index) => ({
        key: `${index}:${field.name}`,
        header: (
          <span title={field.type ? `${field.name} (${field.type})` : field.name}>
            {field.name}
            {field.type && <span className="ml-1.5 font-normal text-fg-subtle">{field.type}</span>}
          </span>
        ),
        width: initialWidth(field.name, result.rows[0]?.[field.name]),
      })),
    ],
    [result],
  );

  function valueAt(row: number, column: number): unknown {
    const field = result.fields[column - 1];
    return field ? result.rows[row]?.[field.name] : undefined;
  }

  function open(cell: CellPosition) {
    if (cell.column === 0) return;
    setViewed({ column: result.fields[cell.column - 1].name, value: valueAt(cell.row, cell.column) });
  }

  const fullText = viewed ? (typeof viewed.value === 'object' && viewed.value !== null ? JSON.stringify(viewed.value, null, 2) : cellText(viewed.value)) : '';
  return (
    <>
      <DataGrid
        label="Query results"
        testId="sql-results-grid"
        columns={columns}
        rowCount={result.rows.length}
        rowHeight={30}
        activeCell={active}
        onActiveCellChange={setActive}
        onCellActivate={open}
        renderCell={(row, column) =>
          column === 0 ? <span className="w-full text-right font-mono text-[11px] text-fg-subtle">{row + 1}</span> : <CellValue value={valueAt(row, column)} />
        }
      />
      <Dialog open={viewed !== null} onOpenChange={(isOpen) => !isOpen && setViewed(null)}>
        {viewed && (
          <DialogContent title={viewed.column} size="xl" footer={<CopyButton value={fullText} />}>
            <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded-md bg-surface-2 p-3 font-mono text-xs text-fg">
              {fullText.length > 2_000_000 ? `${fullText.slice(0, 2_000_000)}\n… (cut at 2,000,000 characters)` : fullText}
            </pre>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
