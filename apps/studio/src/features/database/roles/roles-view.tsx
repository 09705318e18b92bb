import { useState } from 'react';
import { Lock, Plus, Trash2, Users } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { DatabaseRole } from '../../../data/pg-meta/types.ts';
import { useDatabaseRoleDeleteMutation } from '../../../data/roles/role-delete-mutation.ts';
import { useDatabaseRolesQuery } from '../../../data/roles/roles-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { QueryStates } from '../shared/query-states.tsx';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { RoleCreatePanel } from './role-create-panel.tsx';

/** The data plane depends on these; the server refuses changes to them, so the UI offers none. */
const API_ROLES = ['anon', 'authenticated', 'service_role'];

export function RolesView({ projectRef }: { projectRef: string }) {
  const roles = useDatabaseRolesQuery(projectRef);
  const canWrite = useCanWriteDatabase(projectRef);
  const remove = useDatabaseRoleDeleteMutation(projectRef);
  const [search, setSearch] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<DatabaseRole | null>(null);
  const all = roles.data ?? [];
  const shown = all.filter((r) => matches(search, r.name)).sort((a, b) => Number(a.is_system) - Number(b.is_system) || a.name.localeCompare(b.name));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput value={search} onChange={setSearch} placeholder="Search for a role" />
        <span className="text-sm text-fg-muted">{all.filter((r) => r.can_login).length} of {all.length} roles can log in</span>
        <div className="ml-auto">
          <NeedsWrite canWrite={canWrite} action="add roles">
            <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setIsCreating(true)}>Add role</Button>
          </NeedsWrite>
        </div>
      </div>
      <QueryStates query={roles} items={shown} errorTitle="Failed to retrieve database roles" testId="roles"
        empty={{ icon: <Users />, title: 'No roles found' }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}>
        {(rows) => (
          <DataTable label="Database roles">
            <thead><tr><Th>Name</Th><Th>Attributes</Th><Th className="text-right">Connection limit</Th><Th className="w-px" /></tr></thead>
            <tbody>
              {rows.map((role) => {
                const isLocked = role.is_system || API_ROLES.includes(role.name);
                return (
                  <tr key={role.id} data-testid={`role-row-${role.name}`}>
                    <Td className="font-mono text-sm">
                      <span className="inline-flex items-center gap-1.5">{isLocked && <Lock className="size-3.5 text-fg-subtle" aria-label="Managed by the platform" />}{role.name}</span>
                    </Td>
                    <Td>
                      <div className="flex flex-wrap gap-1">
                        {role.is_superuser && <Badge tone="danger">Superuser</Badge>}
                        {role.can_login && <Badge tone="info">Can login</Badge>}
                        {role.can_bypass_rls && <Badge tone="warning">Bypass RLS</Badge>}
                        {role.can_create_role && <Badge>Create role</Badge>}
                        {role.can_create_db && <Badge>Create DB</Badge>}
                        {role.is_replication_role && <Badge>Replication</Badge>}
                      </div>
                    </Td>
                    <Td className="text-right tabular-nums text-fg-muted">{role.connection_limit === -1 ? 'No limit' : role.connection_limit}</Td>
                    <Td>
                      {!isLocked && canWrite && (
                        <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} aria-label={`Delete role ${role.name}`} onClick={() => setDeleting(role)} />
                      )}
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {isCreating && <RoleCreatePanel projectRef={projectRef} onClose={() => setIsCreating(false)} />}
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={`Confirm to delete role "${deleting?.name ?? ''}"`}
        description="This will drop the role. Objects it owns or privileges granted to it make this fail until they are reassigned."
        confirmLabel="Delete role" variant="danger" confirmValue={deleting?.name} isLoading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, {
          onSuccess: () => { toast.success(`Successfully deleted role: ${deleting.name}`); setDeleting(null); },
          onError: (e) => toast.error(`Failed to delete role: ${errorMessage(e)}`),
        })} />
    </div>
  );
}
