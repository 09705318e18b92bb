import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Columns3, Pencil, Plus, ShieldCheck, Table2, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu.tsx';
import { ProtectedSchemaNotice } from '../../../components/ui/protected-schema-notice.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { Table } from '../../../data/pg-meta/types.ts';
import { useTablesQuery } from '../../../data/tables/tables-query.ts';
import { formatNumber } from './format.ts';
import { ProjectSchemaPicker } from '../shared/project-schema-picker.tsx';
import { QueryStates } from '../shared/query-states.tsx';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { TableDeleteDialog } from './table-delete-dialog.tsx';
import { TableEditorPanel } from './table-editor-panel.tsx';

interface TablesListProps {
  projectRef: string;
  schema: string;
  onSchemaChange: (schema: string) => void;
  onOpenTable: (id: number) => void;
}

/** The tables of a schema with their size, row estimate and RLS state; create, edit, delete. */
export function TablesList({ projectRef, schema, onSchemaChange, onOpenTable }: TablesListProps) {
  const tables = useTablesQuery(projectRef, schema);
  const navigate = useNavigate();
  const isLocked = useIsSchemaLocked(projectRef, schema);
  const canWrite = useCanWriteDatabase(projectRef);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Table | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Table | null>(null);
  const shown = (tables.data ?? []).filter((t) => matches(search, t.name, t.comment));

  const newTableButton = !isLocked && (
    <NeedsWrite canWrite={canWrite} action="create tables">
      <Button variant="primary" size="sm" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setEditing('new')} data-testid="new-table">
        New table
      </Button>
    </NeedsWrite>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={onSchemaChange} />
        <SearchInput value={search} onChange={setSearch} placeholder="Search for a table" />
        <div className="ml-auto">{newTableButton}</div>
      </div>
      {isLocked && <ProtectedSchemaNotice schema={schema} area="the dashboard" />}
      <QueryStates
        query={tables}
        items={shown}
        errorTitle="Failed to retrieve tables"
        testId="tables"
        empty={{ icon: <Table2 />, title: 'No tables created yet', description: `There are no tables found in the schema "${schema}"`, actions: newTableButton || undefined }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}
      >
        {(rows) => (
          <DataTable label={`Tables of ${schema}`}>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Description</Th>
                <Th className="text-right">Rows (estimated)</Th>
                <Th className="text-right">Size</Th>
                <Th>Security</Th>
                <Th className="w-px" />
              </tr>
            </thead>
            <tbody>
              {rows.map((table) => (
                <tr key={table.id} data-testid={`table-row-${table.name}`} className="hover:bg-surface-2/60">
                  <Td>
                    <button type="button" onClick={() => onOpenTable(table.id)} className="font-mono text-sm font-medium text-fg hover:text-brand hover:underline">
                      {table.name}
                    </button>
                  </Td>
                  <Td className="max-w-64 truncate text-fg-muted">{table.comment ?? <span className="text-fg-subtle">No description</span>}</Td>
                  <Td className="text-right tabular-nums text-fg-muted">{formatNumber(table.live_rows_estimate)}</Td>
                  <Td className="text-right whitespace-nowrap text-fg-muted">{table.size}</Td>
                  <Td>{table.rls_enabled ? <Badge tone="success">RLS enabled</Badge> : <Badge tone="warning">RLS disabled</Badge>}</Td>
                  <Td className="text-right">
                    <div className="flex items-center justify-end gap-1">
                      <Button size="sm" variant="outline" icon={<Columns3 className="size-3.5" />} onClick={() => onOpenTable(table.id)}>
                        Columns
                      </Button>
                      <RowActionsMenu label={`Actions for table ${table.name}`}>
                          <DropdownMenuItem icon={<Columns3 />} onSelect={() => onOpenTable(table.id)}>View columns</DropdownMenuItem>
                          <DropdownMenuItem icon={<ShieldCheck />} onSelect={() => navigate(`/project/${projectRef}/auth/policies?schema=${encodeURIComponent(table.schema)}&search=${table.id}`)}>
                            View policies
                          </DropdownMenuItem>
                          {!isLocked && canWrite && <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditing(table)}>Edit table</DropdownMenuItem>}
                          {!isLocked && canWrite && <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeleting(table)}>Delete table</DropdownMenuItem>}
                        </RowActionsMenu>
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {editing && (
        <TableEditorPanel projectRef={projectRef} schema={schema} table={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <TableDeleteDialog projectRef={projectRef} table={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
