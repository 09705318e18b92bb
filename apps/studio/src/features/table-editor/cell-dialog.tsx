import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { RelationMeta } from '../../data/table-rows/relation-sql.ts';
import { fetchCellValue, useRowUpdateMutation } from '../../data/table-rows/row-mutations.ts';
import { CELL_PREVIEW_CHARS, rowKeyOf, type GridRow } from '../../data/table-rows/rows-sql.ts';
import { validateValue } from './column-kind.ts';
import { ValueEditor } from './value-editor.tsx';

export interface CellDialogTarget {
  row: GridRow;
  columnIndex: number;
  canEdit: boolean;
}

function pretty(format: string, value: string | null): string | null {
  if (value === null || (format !== 'json' && format !== 'jsonb')) return value;
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/** A whole cell: JSON, long text, or anything cut short in the grid; editable when the row is. */
export function CellDialog({ projectRef, meta, target, onClose }: { projectRef: string; meta: RelationMeta; target: CellDialogTarget | null; onClose: () => void }) {
  const update = useRowUpdateMutation(projectRef, meta);
  const [value, setValue] = useState<string | null>(null);
  const [original, setOriginal] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const column = target ? meta.columns[target.columnIndex] : undefined;

  useEffect(() => {
    if (!target || !column) return;
    const shown = target.row[target.columnIndex] ?? null;
    if ((shown?.length ?? 0) <= CELL_PREVIEW_CHARS || meta.primaryKeys.length === 0) {
      setValue(pretty(column.format, shown));
      setOriginal(pretty(column.format, shown));
      return;
    }
    setIsLoading(true);
    fetchCellValue(projectRef, meta, rowKeyOf(meta, target.row), column.name)
      .then((full) => {
        setValue(pretty(column.format, full));
        setOriginal(pretty(column.format, full));
      })
      .catch((error: unknown) => toast.error(`Failed to load the value: ${errorMessage(error)}`))
      .finally(() => setIsLoading(false));
  }, [target, column, meta, projectRef]);

  const problem = column && target?.canEdit ? validateValue(column, value) : null;

  function save() {
    if (!target || !column || problem) return;
    if (value === original) return onClose();
    update.mutate(
      { key: rowKeyOf(meta, target.row), values: { [column.name]: value } },
      { onSuccess: onClose, onError: (error) => toast.error(`Failed to update row: ${errorMessage(error)}`) },
    );
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      {target && column && (
        <DialogContent
          title={column.name}
          description={column.dataType}
          size="xl"
          testId="cell-dialog"
          footer={
            <>
              <CopyButton value={value ?? 'NULL'} />
              {target.canEdit && (
                <Button variant="primary" isLoading={update.isPending} disabled={!!problem || isLoading} onClick={save}>
                  Save
                </Button>
              )}
            </>
          }
        >
          {isLoading ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : target.canEdit ? (
            <div className="space-y-1">
              <ValueEditor column={column} value={value} onChange={setValue} autoFocus onCommit={save} />
              {problem && <p className="text-xs text-danger">{problem}</p>}
            </div>
          ) : (
            <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded-md bg-surface-2 p-3 font-mono text-xs text-fg">{value ?? 'NULL'}</pre>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
