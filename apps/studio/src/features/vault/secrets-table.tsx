import { Pencil, Trash2 } from 'lucide-react';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu.tsx';
import { RowActionsMenu } from '../../components/ui/row-actions-menu.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import type { VaultSecret } from '../../data/vault/vault-secrets-query.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { secretLabel } from './secret-label.ts';
import { SecretValueCell } from './secret-value-cell.tsx';

interface SecretsTableProps {
  projectRef: string;
  secrets: readonly VaultSecret[];
  /** Null for a member who may not write SQL: no actions at all. */
  onEdit: ((secret: VaultSecret) => void) | null;
  onDelete: ((secret: VaultSecret) => void) | null;
}

export function VaultSecretsTable({ projectRef, secrets, onEdit, onDelete }: SecretsTableProps) {
  return (
    <Table label="Vault secrets">
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Value</Th>
          <Th>Updated</Th>
          {onEdit && onDelete && <Th className="w-12"><span className="sr-only">Actions</span></Th>}
        </tr>
      </thead>
      <tbody data-testid="vault-secrets-table">
        {secrets.map((secret) => (
          <tr key={secret.id} data-testid={`vault-secret-row-${secretLabel(secret)}`}>
            <Td className="max-w-64">
              <div className="font-mono text-xs text-fg" data-testid="vault-secret-name-cell">{secret.name ?? <span className="text-fg-subtle">(no name)</span>}</div>
              {secret.description && <div className="mt-0.5 truncate text-xs text-fg-muted" title={secret.description} data-testid="vault-secret-description-cell">{secret.description}</div>}
              <div className="mt-0.5 font-mono text-[11px] text-fg-subtle" data-testid="vault-secret-id">{secret.id}</div>
            </Td>
            <Td className="w-80">
              <SecretValueCell projectRef={projectRef} id={secret.id} label={secretLabel(secret)} />
            </Td>
            <Td className="text-xs text-fg-muted" title={formatDateTime(secret.updated_at)}>
              {formatRelative(secret.updated_at)}
            </Td>
            {onEdit && onDelete && (
              <Td className="text-right">
                <RowActionsMenu label={`Actions for ${secretLabel(secret)}`}>
                  <DropdownMenuItem icon={<Pencil />} onSelect={() => onEdit(secret)}>
                    Edit secret
                  </DropdownMenuItem>
                  <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onDelete(secret)}>
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
