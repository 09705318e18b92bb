import { Pencil, Trash2 } from 'lucide-react';
import type { FunctionSecret } from '@plinth/api-contract';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../components/ui/row-actions-menu.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';

interface SecretsTableProps {
  secrets: readonly FunctionSecret[];
  /** Null for a member who may only read: no actions at all. */
  onEdit: ((name: string) => void) | null;
  onDelete: ((name: string) => void) | null;
}

/** Enough of the SHA-256 digest to tell a changed value at a glance; the whole digest is in the tooltip. */
function shortDigest(digest: string): string {
  return digest.length > 16 ? `${digest.slice(0, 16)}…` : digest;
}

/** Names, digests of the values (never the values) and when each changed. */
export function SecretsTable({ secrets, onEdit, onDelete }: SecretsTableProps) {
  return (
    <Table label="Edge function secrets">
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Digest (SHA-256)</Th>
          <Th>Updated</Th>
          {onEdit && onDelete && <Th className="w-12"><span className="sr-only">Actions</span></Th>}
        </tr>
      </thead>
      <tbody data-testid="secrets-table">
        {secrets.map((secret) => (
          <tr key={secret.name} data-testid={`secret-row-${secret.name}`}>
            <Td className="font-mono text-xs" data-testid="secret-name">{secret.name}</Td>
            <Td className="font-mono text-xs text-fg-muted" title={secret.value} data-testid="secret-digest" data-digest={secret.value}>
              {shortDigest(secret.value)}
            </Td>
            <Td className="text-xs text-fg-muted" title={secret.updated_at ? formatDateTime(secret.updated_at) : undefined}>
              {secret.updated_at ? formatRelative(secret.updated_at) : '—'}
            </Td>
            {onEdit && onDelete && (
              <Td className="text-right">
                <RowActionsMenu label={`Actions for ${secret.name}`}>
                  <DropdownMenuItem icon={<Pencil />} onSelect={() => onEdit(secret.name)}>
                    Edit secret
                  </DropdownMenuItem>
                  <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onDelete(secret.name)}>
                    Delete secret
                  </DropdownMenuItem>
                </RowActionsMenu>
              </Td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
