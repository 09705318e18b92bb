import { useState } from 'react';
import { Pencil, Plus, SquareFunction, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu.tsx';
import { ProtectedSchemaNotice } from '../../../components/ui/protected-schema-notice.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { PgFunction } from '../../../data/pg-meta/types.ts';
import { useFunctionDeleteMutation } from '../../../data/functions/function-delete-mutation.ts';
import { useFunctionsQuery } from '../../../data/functions/functions-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ProjectSchemaPicker } from '../shared/project-schema-picker.tsx';
import { QueryStates } from '../shared/query-states.tsx';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useSelectedSchema } from '../shared/use-selected-schema.ts';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { FunctionPanel } from './function-panel.tsx';

export function FunctionsView({ projectRef }: { projectRef: string }) {
  const [schema, setSchema] = useSelectedSchema();
  const functions = useFunctionsQuery(projectRef, schema);
  const isLocked = useIsSchemaLocked(projectRef, schema);
  const canWrite = useCanWriteDatabase(projectRef);
  const remove = useFunctionDeleteMutation(projectRef);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PgFunction | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PgFunction | null>(null);
  const shown = (functions.data ?? []).filter((f) => matches(search, f.name, f.return_type));

  const createButton = !isLocked && (
    <NeedsWrite canWrite={canWrite} action="create functions">
      <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setEditing('new')}>Create a new function</Button>
    </NeedsWrite>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={setSchema} />
        <SearchInput value={search} onChange={setSearch} placeholder="Search for a function" />
        <div className="ml-auto">{createButton}</div>
      </div>
      {isLocked && <ProtectedSchemaNotice schema={schema} area="the dashboard" />}
      <QueryStates query={functions} items={shown} errorTitle="Failed to retrieve database functions" testId="functions"
        empty={{ icon: <SquareFunction />, title: 'No functions created yet', description: `There are no functions found in the schema "${schema}"`, actions: createButton || undefined }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}>
        {(rows) => (
          <DataTable label="Functions">
            <thead><tr><Th>Name</Th><Th>Arguments</Th><Th>Return type</Th><Th>Language</Th><Th>Security</Th><Th className="w-px" /></tr></thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id} data-testid={`function-row-${f.name}`}>
                  <Td className="font-mono text-sm">{f.name}</Td>
                  <Td className="max-w-64 truncate font-mono text-xs text-fg-muted">{f.argument_types || '–'}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{f.return_type}</Td>
                  <Td className="text-xs text-fg-muted">{f.language}</Td>
                  <Td>{f.security_definer ? <Badge tone="warning">Definer</Badge> : <Badge>Invoker</Badge>}</Td>
                  <Td>
                    {!isLocked && canWrite && (
                      <RowActionsMenu label={`Actions for function ${f.name}`}>
                          <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditing(f)}>Edit function</DropdownMenuItem>
                          <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeleting(f)}>Delete function</DropdownMenuItem>
                        </RowActionsMenu>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {editing && <FunctionPanel projectRef={projectRef} schema={schema} fn={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={`Delete function "${deleting?.name ?? ''}"`}
        description="Triggers, policies or other functions that call it will fail." confirmLabel="Delete function" variant="danger"
        confirmValue={deleting?.name} isLoading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, {
          onSuccess: () => { toast.success(`Successfully removed function "${deleting.name}"`); setDeleting(null); },
          onError: (e) => toast.error(`Failed to delete function: ${errorMessage(e)}`),
        })} />
    </div>
  );
}
