import { useState } from 'react';
import { ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu.tsx';
import { ProtectedSchemaNotice } from '../../../components/ui/protected-schema-notice.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { PgType } from '../../../data/pg-meta/types.ts';
import { useEnumTypeDeleteMutation } from '../../../data/enum-types/enum-type-delete-mutation.ts';
import { useEnumTypesQuery } from '../../../data/enum-types/enum-types-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ProjectSchemaPicker } from '../shared/project-schema-picker.tsx';
import { QueryStates } from '../shared/query-states.tsx';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useSelectedSchema } from '../shared/use-selected-schema.ts';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { EnumTypePanel } from './enum-type-panel.tsx';

export function EnumTypesView({ projectRef }: { projectRef: string }) {
  const [schema, setSchema] = useSelectedSchema();
  const types = useEnumTypesQuery(projectRef, schema);
  const isLocked = useIsSchemaLocked(projectRef, schema);
  const canWrite = useCanWriteDatabase(projectRef);
  const remove = useEnumTypeDeleteMutation(projectRef);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PgType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PgType | null>(null);
  const enums = { ...types, data: types.data?.filter((t) => t.format === 'enum') };
  const shown = (enums.data ?? []).filter((t) => matches(search, t.name, ...t.enums));

  const createButton = !isLocked && (
    <NeedsWrite canWrite={canWrite} action="create enumerated types">
      <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setEditing('new')}>Create type</Button>
    </NeedsWrite>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={setSchema} />
        <SearchInput value={search} onChange={setSearch} placeholder="Search for a type" />
        <div className="ml-auto">{createButton}</div>
      </div>
      {isLocked && <ProtectedSchemaNotice schema={schema} area="the dashboard" />}
      <QueryStates query={enums} items={shown} errorTitle="Failed to retrieve database enumerated types" testId="enum-types"
        empty={{ icon: <ListChecks />, title: 'No enumerated types created yet', description: `There are no enumerated types found in the schema "${schema}"`, actions: createButton || undefined }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}>
        {(rows) => (
          <DataTable label="Enumerated types">
            <thead><tr><Th>Name</Th><Th>Values</Th><Th className="w-px" /></tr></thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id} data-testid={`enum-type-row-${t.name}`}>
                  <Td className="font-mono text-sm">{t.name}{t.comment && <span className="block font-sans text-xs text-fg-subtle">{t.comment}</span>}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{t.enums.join(', ')}</Td>
                  <Td>
                    {!isLocked && canWrite && (
                      <RowActionsMenu label={`Actions for type ${t.name}`}>
                          <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditing(t)}>Update type</DropdownMenuItem>
                          <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeleting(t)}>Delete type</DropdownMenuItem>
                        </RowActionsMenu>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {editing && <EnumTypePanel projectRef={projectRef} schema={schema} type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={`Delete type "${deleting?.name ?? ''}"`}
        description="Columns using this type make this fail until they are changed." confirmLabel="Delete type" variant="danger"
        confirmValue={deleting?.name} isLoading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, {
          onSuccess: () => { toast.success(`Successfully deleted type "${deleting.name}"`); setDeleting(null); },
          onError: (e) => toast.error(`Failed to delete type: ${errorMessage(e)}`),
        })} />
    </div>
  );
}
