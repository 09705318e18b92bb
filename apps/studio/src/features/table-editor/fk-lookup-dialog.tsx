import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useForeignKeyLookupQuery } from '../../data/table-rows/lookup-query.ts';
import type { ForeignKeyTarget } from '../../data/table-rows/relation-sql.ts';

/** Choose the referenced row of a foreign key: the first 100 rows of the target table, searchable. */
export function FkLookupDialog({ projectRef, target, onSelect, onClose }: { projectRef: string; target: ForeignKeyTarget | null; onSelect: (value: string | null) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setText(''), [target]);
  const lookup = useForeignKeyLookupQuery(projectRef, target ? { schema: target.targetSchema, table: target.targetTable, column: target.targetColumn } : null, search);

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent title={`Choose a row of ${target.targetSchema}.${target.targetTable}`} description={`The value of ${target.targetColumn} goes into ${target.column}.`} size="lg" testId="fk-lookup-dialog">
          <label className="mb-3 flex h-8 items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-2">
            <Search className="size-3.5 text-fg-subtle" aria-hidden />
            <input autoFocus value={text} onChange={(e) => setText(e.target.value)} placeholder="Search rows" aria-label="Search rows" className="h-full flex-1 bg-transparent text-sm text-fg focus:outline-none" />
          </label>
          {lookup.isLoading ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : lookup.isError ? (
            <p className="text-sm text-danger">{errorMessage(lookup.error)}</p>
          ) : (lookup.data ?? []).length === 0 ? (
            <p className="py-4 text-center text-sm text-fg-muted">No rows found</p>
          ) : (
            <ul className="max-h-80 divide-y divide-line overflow-y-auto rounded-md border border-line">
              {(lookup.data ?? []).map((row, index) => (
                <li key={`${row.value}-${index}`}>
                  <button
                    type="button"
                    onClick={() => {
                      onSelect(row.value);
                      onClose();
                    }}
                    className="flex w-full items-baseline gap-3 px-3 py-2 text-left hover:bg-surface-2"
                  >
                    <span className="shrink-0 font-mono text-xs text-fg">{row.value ?? 'NULL'}</span>
                    <span className="truncate font-mono text-[11px] text-fg-subtle">{row.preview}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
