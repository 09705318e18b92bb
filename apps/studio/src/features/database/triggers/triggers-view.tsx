import { useState } from 'react';
import { Plus, Power, Trash2, Zap } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu.tsx';
import { ProtectedSchemaNotice } from '../../../components/ui/protected-schema-notice.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { Trigger } from '../../../data/pg-meta/types.ts';
import { useTriggerDeleteMutation } from '../../../data/triggers/trigger-delete-mutation.ts';
import { useTriggerUpdateMutation } from '../../../data/triggers/trigger-update-mutation.ts';
import { useTriggersQuery } from '../../../data/triggers/triggers-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ProjectSchemaPicker } from '../shared/project-schema-picker.tsx';
import { QueryStates } from '../shared/query-states.tsx';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useSelectedSchema } from '../shared/use-selected-schema.ts';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { TriggerPanel } from './trigger-panel.tsx';

export function TriggersView({ projectRef }: { projectRef: string }) {
  const [schema, setSchema] = useSelectedSchema();
  const triggers = useTriggersQuery(projectRef, schema);
  const isLocked = useIsSchemaLocked(projectRef, schema);
  const canWrite = useCanWriteDatabase(projectRef);
  const update = useTriggerUpdateMutation(projectRef);
  const remove = useTriggerDeleteMutation(projectRef);
  const [search, setSearch] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<Trigger | null>(null);
  const shown = (triggers.data ?? []).filter((t) => matches(search, t.name, t.table, t.function_name));

  const createButton = !isLocked && (
    <NeedsWrite canWrite={canWrite} action="create triggers">
      <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setIsCreating(true)}>Create a new trigger</Button>
    </NeedsWrite>
  );

  function toggle(trigger: Trigger) {
    const enabled_mode = trigger.enabled_mode === 'DISABLED' ? 'ORIGIN' : 'DISABLED';
    update.mutate({ id: trigger.id, changes: { enabled_mode } }, {
      onSuccess: () => toast.success(`Trigger "${trigger.name}" ${enabled_mode === 'DISABLED' ? 'disabled' : 'enabled'}`),
      onError: (e) => toast.error(`Failed to update trigger: ${errorMessage(e)}`),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={setSchema} />
        <SearchInput value={search} onChange={setSearch} placeholder="Search for a trigger" />
        <div className="ml-auto">{createButton}</div>
      </div>
      {isLocked && <ProtectedSchemaNotice schema={schema} area="the dashboard" />}
      <QueryStates query={triggers} items={shown} errorTitle="Failed to retrieve database triggers" testId="triggers"
        empty={{ icon: <Zap />, title: 'No triggers created yet', description: 'A trigger runs a function automatically when rows of a table change.', actions: createButton || undefined }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}>
        {(rows) => (
          <DataTable label="Triggers">
            <thead><tr><Th>Name</Th><Th>Table</Th><Th>Function</Th><Th>Events</Th><Th>Orientation</Th><Th>Enabled</Th><Th className="w-px" /></tr></thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id} data-testid={`trigger-row-${t.name}`}>
                  <Td className="font-mono text-sm">{t.name}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{t.table}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{t.function_schema}.{t.function_name}</Td>
                  <Td><div className="flex flex-wrap gap-1">{t.events.map((e) => <Badge key={e} tone="info">{t.activation} {e}</Badge>)}</div></Td>
                  <Td className="text-xs text-fg-muted">{t.orientation}</Td>
                  <Td>{t.enabled_mode === 'DISABLED' ? <Badge>Disabled</Badge> : <Badge tone="success">Enabled</Badge>}</Td>
                  <Td>
                    {!isLocked && canWrite && (
                      <RowActionsMenu label={`Actions for trigger ${t.name}`}>
                          <DropdownMenuItem icon={<Power />} onSelect={() => toggle(t)}>{t.enabled_mode === 'DISABLED' ? 'Enable trigger' : 'Disable trigger'}</DropdownMenuItem>
                          <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeleting(t)}>Delete trigger</DropdownMenuItem>
                        </RowActionsMenu>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {isCreating && <TriggerPanel projectRef={projectRef} schema={schema} onClose={() => setIsCreating(false)} />}
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={`Delete trigger "${deleting?.name ?? ''}"`}
        description="The trigger stops firing. Its function stays." confirmLabel="Delete trigger" variant="danger" isLoading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, {
          onSuccess: () => { toast.success(`Successfully removed trigger "${deleting.name}"`); setDeleting(null); },
          onError: (e) => toast.error(`Failed to delete trigger: ${errorMessage(e)}`),
        })} />
    </div>
  );
}
