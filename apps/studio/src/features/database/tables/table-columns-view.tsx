import { useState } from 'react';
import { ArrowLeft, KeyRound, Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { Column, Relationship } from '../../../data/pg-meta/types.ts';
import { useForeignKeyCreateMutation } from '../../../data/tables/foreign-key-create-mutation.ts';
import { useForeignKeyDeleteMutation } from '../../../data/tables/foreign-key-delete-mutation.ts';
import { useTableQuery } from '../../../data/tables/table-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { ColumnDeleteDialog } from './column-delete-dialog.tsx';
import { ColumnPanel } from './column-panel.tsx';
import { ForeignKeyDialog } from './foreign-key-dialog.tsx';
import { TableEditorPanel } from './table-editor-panel.tsx';

/** One table's columns and foreign keys, with add, edit and delete. */
export function TableColumnsView({ projectRef, tableId, onBack }: { projectRef: string; tableId: number; onBack: () => void }) {
  const table = useTableQuery(projectRef, tableId);
  const isLocked = useIsSchemaLocked(projectRef, table.data?.schema ?? 'public');
  const canWrite = useCanWriteDatabase(projectRef);
  const [editingColumn, setEditingColumn] = useState<Column | 'new' | null>(null);
  const [deletingColumn, setDeletingColumn] = useState<Column | null>(null);
  const [deletingFk, setDeletingFk] = useState<Relationship | null>(null);
  const [isEditingTable, setIsEditingTable] = useState(false);
  const [addingFkTo, setAddingFkTo] = useState<Column | null>(null);
  const removeFk = useForeignKeyDeleteMutation(projectRef);
  const addFk = useForeignKeyCreateMutation(projectRef);

  const back = <Button variant="ghost" size="sm" icon={<ArrowLeft className="size-3.5" />} onClick={onBack}>Back to tables</Button>;
  if (table.isLoading) return <div className="space-y-4">{back}<SkeletonRows rows={5} /></div>;
  if (table.error || !table.data) {
    return <div className="space-y-4">{back}<ErrorState error={table.error} title="Failed to retrieve table" onRetry={() => void table.refetch()} /></div>;
  }
  const t = table.data;
  const columns = t.columns ?? [];
  const outgoing = (t.relationships ?? []).filter((r) => r.source_schema === t.schema && r.source_table_name === t.name);
  const fkByColumn = new Map(outgoing.map((r) => [r.source_column_name, r]));
  const isEditable = !isLocked && canWrite;

  return (
    <div className="space-y-4" data-testid="table-columns-view">
      <div className="flex flex-wrap items-center gap-3">
        {back}
        <h2 className="font-mono text-base font-semibold text-fg">{t.schema}.{t.name}</h2>
        {t.rls_enabled ? <Badge tone="success">RLS enabled</Badge> : <Badge tone="warning">RLS disabled</Badge>}
        {!isLocked && (
          <div className="ml-auto flex items-center gap-2">
            <NeedsWrite canWrite={canWrite} action="edit tables">
              <Button size="sm" variant="outline" icon={<Pencil className="size-3.5" />} disabled={!canWrite} onClick={() => setIsEditingTable(true)}>Edit table</Button>
            </NeedsWrite>
            <NeedsWrite canWrite={canWrite} action="add columns">
              <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setEditingColumn('new')} data-testid="new-column">New column</Button>
            </NeedsWrite>
          </div>
        )}
      </div>
      {t.comment && <p className="text-sm text-fg-muted">{t.comment}</p>}
      {columns.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm text-fg-muted">This table has no columns yet</p>
      ) : (
        <DataTable label={`Columns of ${t.name}`}>
          <thead>
            <tr><Th>Name</Th><Th>Type</Th><Th>Default</Th><Th>Constraints</Th><Th className="w-px" /></tr>
          </thead>
          <tbody>
            {columns.map((column) => {
              const fk = fkByColumn.get(column.name);
              return (
                <tr key={column.id} data-testid={`column-row-${column.name}`}>
                  <Td className="font-mono text-sm">
                    <span className="inline-flex items-center gap-1.5">{column.is_primary_key && <KeyRound className="size-3.5 text-warning" aria-label="Primary key" />}{column.name}</span>
                    {column.comment && <span className="block font-sans text-xs text-fg-subtle">{column.comment}</span>}
                  </Td>
                  <Td className="font-mono text-xs text-fg-muted">{column.data_type}</Td>
                  <Td className="max-w-48 truncate font-mono text-xs text-fg-muted">{column.is_identity ? `identity (${column.identity_generation?.toLowerCase()})` : column.default_value ?? <span className="text-fg-subtle">NULL</span>}</Td>
                  <Td>
                    <div className="flex flex-wrap gap-1">
                      {column.is_primary_key && <Badge tone="warning">Primary</Badge>}
                      {!column.is_nullable && !column.is_primary_key && <Badge>Not null</Badge>}
                      {column.is_unique && !column.is_primary_key && <Badge>Unique</Badge>}
                      {column.check && <span title={column.check}><Badge>Check</Badge></span>}
                      {fk && <Badge tone="info"><Link2 className="size-3" aria-hidden />{fk.target_table_schema}.{fk.target_table_name}.{fk.target_column_name}</Badge>}
                    </div>
                  </Td>
                  <Td className="text-right">
                    {isEditable && (
                      <RowActionsMenu label={`Actions for column ${column.name}`}>
                          <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditingColumn(column)}>Edit column</DropdownMenuItem>
                          {fk ? (
                            <DropdownMenuItem icon={<Link2 />} onSelect={() => setDeletingFk(fk)}>Remove foreign key</DropdownMenuItem>
                          ) : (
                            <DropdownMenuItem icon={<Link2 />} onSelect={() => setAddingFkTo(column)}>Add foreign key</DropdownMenuItem>
                          )}
                          <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeletingColumn(column)}>Delete column</DropdownMenuItem>
                        </RowActionsMenu>
                    )}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      {editingColumn && <ColumnPanel projectRef={projectRef} table={t} column={editingColumn === 'new' ? null : editingColumn} onClose={() => setEditingColumn(null)} />}
      {deletingColumn && <ColumnDeleteDialog projectRef={projectRef} column={deletingColumn} onClose={() => setDeletingColumn(null)} />}
      {addingFkTo && (
        <ForeignKeyDialog projectRef={projectRef} columnName={addingFkTo.name} initialSchema={t.schema} initial={null} onClose={() => setAddingFkTo(null)}
          onSave={(choice) => {
            if (!choice) return setAddingFkTo(null);
            addFk.mutate({ table_id: t.id, columns: [addingFkTo.name], target_table_id: choice.tableId, target_columns: [choice.column], on_delete: choice.onDelete }, {
              onSuccess: () => { toast.success(`Added a foreign key on "${addingFkTo.name}" to ${choice.label}`); setAddingFkTo(null); },
              onError: (error) => toast.error(`Failed to add foreign key: ${errorMessage(error)}`),
            });
          }} />
      )}
      {isEditingTable && <TableEditorPanel projectRef={projectRef} schema={t.schema} table={t} onClose={() => setIsEditingTable(false)} />}
      <ConfirmDialog
        open={deletingFk !== null}
        onOpenChange={(open) => !open && setDeletingFk(null)}
        title="Remove foreign key"
        description={deletingFk ? `Remove the foreign key "${deletingFk.constraint_name}"? The column and its values stay.` : undefined}
        confirmLabel="Remove"
        variant="danger"
        isLoading={removeFk.isPending}
        onConfirm={() =>
          deletingFk &&
          removeFk.mutate({ id: deletingFk.id }, {
            onSuccess: () => { toast.success(`Removed foreign key "${deletingFk.constraint_name}"`); setDeletingFk(null); },
            onError: (error) => toast.error(`Failed to remove foreign key: ${errorMessage(error)}`),
          })
        }
      />
    </div>
  );
}
