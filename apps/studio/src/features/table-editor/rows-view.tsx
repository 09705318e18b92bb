import { useCallback, useEffect, useState } from 'react';
import { Download, Filter, Info, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useRelationQuery } from '../../data/table-rows/relation-query.ts';
import { isWritableRelation, type RelationMeta } from '../../data/table-rows/relation-sql.ts';
import { useRowsDeleteMutation } from '../../data/table-rows/row-mutations.ts';
import { useTableRowCountQuery, useTableRowsQuery } from '../../data/table-rows/rows-query.ts';
import { rowKeyOf, type RowFilter, type RowSort } from '../../data/table-rows/rows-sql.ts';
import { EntityIcon } from './entity-icon.tsx';
import { FilterBar } from './filter-bar.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { RealtimeToggle } from './realtime-toggle.tsx';
import { RowPanel, type RowPanelMode } from './row-panel.tsx';
import { RowsGrid } from './rows-grid.tsx';
import { exportWithNotifications } from './use-entity-actions.tsx';

/** Why rows cannot be changed here, or null when they can. */
function readOnlyReason(meta: RelationMeta, canWrite: boolean, isLocked: boolean): string | null {
  if (isLocked) return null; // The sidebar's protected-schema notice already says so.
  if (!isWritableRelation(meta)) {
    const what = meta.kind === 'view' ? 'a view' : meta.kind === 'materialized_view' ? 'a materialized view' : 'a foreign table';
    return `This is ${what}: its rows are read-only in the table editor.`;
  }
  if (!canWrite) return 'You need additional permissions to edit rows of this table.';
  if (meta.primaryKeys.length === 0) return 'This table has no primary key, so its rows cannot be told apart safely: they can be viewed and added, not edited or deleted.';
  return null;
}

function TableRows({ projectRef, meta, canWrite, isLocked }: { projectRef: string; meta: RelationMeta; canWrite: boolean; isLocked: boolean }) {
  const [filters, setFilters] = useState<RowFilter[]>([]);
  const [sorts, setSorts] = useState<RowSort[]>([]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(100);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [isFiltering, setIsFiltering] = useState(false);
  const [panel, setPanel] = useState<RowPanelMode | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const rows = useTableRowsQuery(projectRef, meta, { filters, sorts, page, pageSize });
  const count = useTableRowCountQuery(projectRef, meta, filters);
  const remove = useRowsDeleteMutation(projectRef, meta);

  const canInsert = isWritableRelation(meta) && canWrite && !isLocked;
  const isEditable = canInsert && meta.primaryKeys.length > 0;
  const reason = readOnlyReason(meta, canWrite, isLocked);
  const data = rows.data ?? [];
  // A new page, order or filter shows other rows: a selection of the old ones means nothing there.
  useEffect(() => setSelected(new Set()), [page, pageSize, filters, sorts, rows.data]);
  const onSortsChange = useCallback((next: RowSort[]) => (setSorts(next), setPage(0)), []);

  function deleteSelected() {
    const keys = [...selected].map((index) => rowKeyOf(meta, data[index]));
    remove.mutate(
      { keys },
      {
        onSuccess: () => {
          toast.success(`Successfully deleted ${keys.length} ${keys.length === 1 ? 'row' : 'rows'}`);
          setIsConfirmingDelete(false);
        },
        onError: (error) => toast.error(`Failed to delete rows: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="rows-view">
      <div className="flex h-12 shrink-0 items-center gap-2 border-b border-line px-3">
        <h1 className="flex min-w-0 items-center gap-2 text-sm font-medium text-fg">
          <EntityIcon type={meta.kind} />
          <span className="truncate">
            <span className="text-fg-subtle">{meta.schema}.</span>
            {meta.name}
          </span>
        </h1>
        <Button size="sm" variant={filters.length > 0 ? 'default' : 'ghost'} icon={<Filter className="size-3.5" />} onClick={() => setIsFiltering((f) => !f)} aria-expanded={isFiltering}>
          {filters.length > 0 ? `Filtered by ${filters.length} ${filters.length === 1 ? 'rule' : 'rules'}` : 'Filter'}
        </Button>
        {sorts.length > 0 && (
          <Button size="sm" variant="default" onClick={() => onSortsChange([])} title="Clear the sort">
            Sorted by {sorts.map((s) => `${s.column} ${s.ascending ? '↑' : '↓'}`).join(', ')} ×
          </Button>
        )}
        <div className="ml-auto flex items-center gap-2">
          {isWritableRelation(meta) && !isLocked && <RealtimeToggle projectRef={projectRef} meta={meta} canWrite={canWrite} />}
          {selected.size > 0 && (
            <Button size="sm" variant="danger" icon={<Trash2 className="size-3.5" />} onClick={() => setIsConfirmingDelete(true)}>
              Delete {selected.size} {selected.size === 1 ? 'row' : 'rows'}
            </Button>
          )}
          <Button size="sm" variant="ghost" icon={<Download className="size-3.5" />} onClick={() => exportWithNotifications(projectRef, meta)}>
            Export CSV
          </Button>
          <Button size="sm" variant="ghost" aria-label="Refresh rows" icon={<RefreshCw className={`size-3.5 ${rows.isFetching ? 'animate-spin' : ''}`} />} onClick={() => (void rows.refetch(), void count.refetch())}>
            Refresh
          </Button>
          {canInsert && (
            <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} onClick={() => setPanel({ kind: 'insert' })}>
              Insert row
            </Button>
          )}
        </div>
      </div>
      {isFiltering && <FilterBar columns={meta.columns} filters={filters} onApply={(next) => (setFilters(next), setPage(0))} />}
      {reason && (
        <p role="note" className="flex shrink-0 items-center gap-2 border-b border-line bg-surface-2 px-3 py-1.5 text-xs text-fg-muted" data-testid="rows-read-only">
          <Info className="size-3.5 shrink-0" aria-hidden /> {reason}
        </p>
      )}
      <div className="min-h-0 flex-1">
        {rows.isError ? (
          <div className="p-4">
            <ErrorState error={rows.error} title="Failed to load rows" onRetry={() => void rows.refetch()} />
          </div>
        ) : rows.isLoading ? (
          <LoadingArea label="Loading rows" />
        ) : meta.columns.length === 0 ? (
          <div className="p-6">
            <EmptyState title="This table has no columns" description="Add columns from the Database page to store data in it." />
          </div>
        ) : data.length === 0 && page === 0 ? (
          <div className="p-6">
            <EmptyState title={filters.length > 0 ? 'No rows match your filters' : 'This table is empty'} description={canInsert && filters.length === 0 ? 'Insert a row to get started.' : undefined} />
          </div>
        ) : (
          <RowsGrid
            projectRef={projectRef}
            meta={meta}
            rows={data}
            sorts={sorts}
            onSortsChange={onSortsChange}
            isEditable={isEditable}
            selected={selected}
            onSelectedChange={setSelected}
            onEditRow={(row) => setPanel({ kind: 'edit', row })}
          />
        )}
      </div>
      <PaginationBar page={page} pageSize={pageSize} rowsOnPage={data.length} count={count.data} onPageChange={setPage} onPageSizeChange={(size) => (setPageSize(size), setPage(0))} />
      <RowPanel projectRef={projectRef} meta={meta} mode={panel} onClose={() => setPanel(null)} />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={`Delete ${selected.size} ${selected.size === 1 ? 'row' : 'rows'}`}
        description="Are you sure you want to delete the selected rows? This action cannot be undone."
        confirmLabel="Delete"
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={deleteSelected}
        testId="delete-rows-dialog"
      />
    </div>
  );
}

/** /project/{ref}/editor/{tableId}: the rows of one table, view or foreign table. */
export function RowsView({ projectRef, tableId, canWrite, isLocked }: { projectRef: string; tableId: number; canWrite: boolean; isLocked: boolean }) {
  const relation = useRelationQuery(projectRef, tableId);
  if (relation.isLoading) return <LoadingArea label="Loading table" />;
  if (relation.isError) {
    return (
      <div className="p-6">
        <ErrorState error={relation.error} title="Failed to load the table" onRetry={() => void relation.refetch()} />
      </div>
    );
  }
  if (!relation.data) {
    return (
      <div className="p-6">
        <EmptyState title="Table not found" description="It may have been renamed, moved or deleted. Choose a table from the list." />
      </div>
    );
  }
  return <TableRows key={relation.data.id} projectRef={projectRef} meta={relation.data} canWrite={canWrite} isLocked={isLocked} />;
}
