import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { ForeignServer, WrapperForeignTable } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../components/ui/row-actions-menu.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useDropForeignServerMutation, useDropForeignTableMutation } from '../../data/wrappers/wrappers-mutations.ts';
import { errorMessage } from '../../lib/api.ts';

interface ServersTableProps {
  projectRef: string;
  servers: ForeignServer[];
  canWrite: boolean;
  onImport: (server: string) => void;
}

/** Servers with their connection options and user mappings; passwords are never sent to the studio, only whether one is set. */
export function ServersTable({ projectRef, servers, canWrite, onImport }: ServersTableProps) {
  const drop = useDropForeignServerMutation(projectRef);
  const [dropping, setDropping] = useState<ForeignServer | null>(null);
  return (
    <>
      <Table label="Foreign servers">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Host</Th>
            <Th>Port</Th>
            <Th>Database</Th>
            <Th>User mappings</Th>
            {canWrite && <Th className="w-12"><span className="sr-only">Actions</span></Th>}
          </tr>
        </thead>
        <tbody data-testid="wrappers-servers">
          {servers.map((server) => (
            <tr key={server.name} data-testid={`wrappers-server-${server.name}`}>
              <Td className="font-mono text-xs">{server.name}</Td>
              <Td className="font-mono text-xs">{server.options.host ?? '—'}</Td>
              <Td className="font-mono text-xs">{server.options.port ?? '—'}</Td>
              <Td className="font-mono text-xs">{server.options.dbname ?? '—'}</Td>
              <Td className="text-xs">
                {server.user_mappings.length === 0 ? 'None' : server.user_mappings.map((m) => (
                  <div key={m.user} className="flex items-center gap-2">
                    <span className="font-mono">{m.user}</span>
                    <span className="text-fg-muted">as {m.options.user ?? m.user}</span>
                    {m.has_password && <Badge tone="success">password set</Badge>}
                  </div>
                ))}
              </Td>
              {canWrite && (
                <Td className="text-right">
                  <RowActionsMenu label={`Actions for ${server.name}`}>
                    <DropdownMenuItem icon={<Download />} onSelect={() => onImport(server.name)}>Import foreign tables</DropdownMenuItem>
                    <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDropping(server)}>Drop server</DropdownMenuItem>
                  </RowActionsMenu>
                </Td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        open={dropping !== null}
        onOpenChange={(isOpen) => !isOpen && setDropping(null)}
        title={`Drop server ${dropping?.name ?? ''}`}
        description="DROP SERVER ... CASCADE: the server's user mappings and every foreign table that reads through it are dropped too. The remote database is not touched. This action cannot be undone."
        confirmLabel="Drop server"
        variant="danger"
        confirmValue={dropping?.name}
        isLoading={drop.isPending}
        testId="wrappers-drop-server-dialog"
        onConfirm={() => {
          if (!dropping) return;
          drop.mutate({ name: dropping.name, cascade: true }, {
            onSuccess: () => {
              toast.success(`Successfully dropped server ${dropping.name}`);
              setDropping(null);
            },
            onError: (error) => toast.error(`Failed to drop server: ${errorMessage(error)}`),
          });
        }}
      />
    </>
  );
}

export function ForeignTablesTable({ projectRef, tables, canWrite }: { projectRef: string; tables: WrapperForeignTable[]; canWrite: boolean }) {
  const drop = useDropForeignTableMutation(projectRef);
  const [dropping, setDropping] = useState<WrapperForeignTable | null>(null);
  const label = (t: WrapperForeignTable) => `${t.schema}.${t.name}`;
  return (
    <>
      <Table label="Foreign tables">
        <thead>
          <tr>
            <Th>Schema</Th>
            <Th>Name</Th>
            <Th>Server</Th>
            <Th>Remote table</Th>
            {canWrite && <Th className="w-12"><span className="sr-only">Actions</span></Th>}
          </tr>
        </thead>
        <tbody data-testid="wrappers-tables">
          {tables.map((table) => (
            <tr key={table.id} data-testid={`wrappers-table-${label(table)}`}>
              <Td className="font-mono text-xs">{table.schema}</Td>
              <Td className="font-mono text-xs">{table.name}</Td>
              <Td className="font-mono text-xs">{table.server}</Td>
              <Td className="font-mono text-xs">{table.remote_schema && table.remote_table ? `${table.remote_schema}.${table.remote_table}` : (table.remote_table ?? table.name)}</Td>
              {canWrite && (
                <Td className="text-right">
                  <RowActionsMenu label={`Actions for ${label(table)}`}>
                    <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDropping(table)}>Drop foreign table</DropdownMenuItem>
                  </RowActionsMenu>
                </Td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        open={dropping !== null}
        onOpenChange={(isOpen) => !isOpen && setDropping(null)}
        title={`Drop foreign table ${dropping ? label(dropping) : ''}`}
        description="Only this project's foreign table is dropped; the remote table and its rows stay."
        confirmLabel="Drop foreign table"
        variant="danger"
        isLoading={drop.isPending}
        testId="wrappers-drop-table-dialog"
        onConfirm={() => {
          if (!dropping) return;
          drop.mutate(dropping.id, {
            onSuccess: () => {
              toast.success(`Successfully dropped foreign table ${label(dropping)}`);
              setDropping(null);
            },
            onError: (error) => toast.error(`Failed to drop foreign table: ${errorMessage(error)}`),
          });
        }}
      />
    </>
  );
}
