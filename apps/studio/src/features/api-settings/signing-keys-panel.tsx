import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { RowActionsMenu } from '../../components/ui/row-actions-menu.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useSigningKeysQuery, type SigningKey } from '../../data/api-keys/signing-keys-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { SigningKeyActionDialog } from './signing-key-action-dialog.tsx';
import { SigningKeyCreateDialog } from './signing-key-create-dialog.tsx';
import { actionsFor, SIGNING_KEY_ALGORITHM, SIGNING_KEY_STATUS, type SigningKeyAction } from './signing-key-labels.ts';

export const NO_SIGNING_KEYS_PERMISSION = 'You need additional permissions to manage signing keys';

const ACTION_LABEL: Record<SigningKeyAction, string> = { rotate: 'Rotate to this key', revoke: 'Revoke key', delete: 'Delete key' };

interface SigningKeysPanelProps {
  projectRef: string;
  /** The project's data-plane URL; the JWKS is at {url}/auth/v1/.well-known/jwks.json. */
  projectUrl: string;
  canUpdate: boolean;
}

function KeyRow({ signingKey, canUpdate, onAction }: { signingKey: SigningKey; canUpdate: boolean; onAction: (kind: SigningKeyAction) => void }) {
  const status = SIGNING_KEY_STATUS[signingKey.status];
  const actions = canUpdate ? actionsFor(signingKey) : [];
  return (
    <tr data-testid="signing-key-row" data-status={signingKey.status} data-algorithm={signingKey.algorithm}>
      <Td className="w-px whitespace-nowrap">
        <Badge tone={status.tone} dot={signingKey.status === 'in_use'}>
          {status.label}
        </Badge>
      </Td>
      <Td>
        <p>{SIGNING_KEY_ALGORITHM[signingKey.algorithm]}</p>
        <code className="font-mono text-xs text-fg-subtle" title={signingKey.id}>
          {signingKey.id}
        </code>
      </Td>
      <Td className="text-fg-muted">{formatDateTime(signingKey.updated_at)}</Td>
      <Td className="w-px text-right">
        {actions.length > 0 && (
          <RowActionsMenu label={`Actions for ${status.label.toLowerCase()} ${signingKey.algorithm}`}>
            {actions.map((kind) => (
              <DropdownMenuItem key={kind} tone={kind === 'rotate' ? 'default' : 'danger'} onSelect={() => onAction(kind)}>
                {ACTION_LABEL[kind]}
              </DropdownMenuItem>
            ))}
          </RowActionsMenu>
        )}
      </Td>
    </tr>
  );
}

/**
 * "JWT Signing Keys": the key in use, standby keys waiting to be rotated to, previously used keys
 * whose tokens still verify, revoked ones; create a standby key, rotate, revoke, delete.
 */
export function SigningKeysPanel({ projectRef, projectUrl, canUpdate }: SigningKeysPanelProps) {
  const keys = useSigningKeysQuery(projectRef);
  const [isCreating, setIsCreating] = useState(false);
  const [action, setAction] = useState<{ kind: SigningKeyAction; key: SigningKey } | null>(null);
  const jwksUrl = `${projectUrl}/auth/v1/.well-known/jwks.json`;

  return (
    <Panel
      title="JWT Signing Keys"
      description="The key in use signs the access tokens your project's users get. Tokens signed by standby and previously used keys still verify; revoked keys' tokens are refused."
      testId="signing-keys-panel"
      actions={
        <DisabledTooltip isDisabled={!canUpdate} content={NO_SIGNING_KEYS_PERMISSION}>
          <Button size="sm" variant="outline" disabled={!canUpdate} icon={<Plus className="size-3.5" />} onClick={() => setIsCreating(true)} data-testid="signing-key-create">
            Create standby key
          </Button>
        </DisabledTooltip>
      }
    >
      <div className="space-y-4">
        <div className="flex min-w-0 items-center gap-2">
          <span className="shrink-0 text-sm font-medium text-fg">JWKS URL</span>
          <code className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-fg" title={jwksUrl} data-testid="jwks-url">
            {jwksUrl}
          </code>
          <CopyButton value={jwksUrl} />
        </div>
        {keys.isLoading ? (
          <SkeletonRows rows={2} />
        ) : keys.isError ? (
          <ErrorState error={keys.error} title="Failed to retrieve signing keys" onRetry={() => void keys.refetch()} />
        ) : (
          <Table label="JWT signing keys">
            <thead>
              <tr>
                <Th>Status</Th>
                <Th>Key</Th>
                <Th>Last changed</Th>
                <Th className="w-px" />
              </tr>
            </thead>
            <tbody>
              {(keys.data?.keys ?? []).map((key) => (
                <KeyRow key={key.id} signingKey={key} canUpdate={canUpdate} onAction={(kind) => setAction({ kind, key })} />
              ))}
            </tbody>
          </Table>
        )}
      </div>
      <SigningKeyCreateDialog projectRef={projectRef} open={isCreating} onOpenChange={setIsCreating} />
      <SigningKeyActionDialog projectRef={projectRef} action={action} onClose={() => setAction(null)} />
    </Panel>
  );
}
