import { useState } from 'react';
import { toast } from 'sonner';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import type { AccessToken } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useAccessTokenRevokeMutation } from '../../data/access-tokens/access-token-revoke-mutation.ts';
import { useAccessTokensQuery } from '../../data/access-tokens/access-tokens-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';

/** /account/tokens: the user's personal access tokens for the Management API. */
export function AccessTokensView() {
  const tokens = useAccessTokensQuery();
  const revoke = useAccessTokenRevokeMutation();
  const [isCreating, setIsCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<AccessToken | null>(null);

  function confirmRevoke() {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => {
        toast.success(`Revoked the token "${toRevoke.name}"`);
        setToRevoke(null);
      },
      onError: (error) => toast.error(`Failed to revoke the token: ${errorMessage(error)}`),
    });
  }

  const generate = (
    <Button variant="primary" size="sm" icon={<Plus className="size-3.5" />} onClick={() => setIsCreating(true)} data-testid="access-token-new">
      Generate new token
    </Button>
  );

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm text-fg-muted">Use a token with the Supabase CLI or any script: send it as <code className="font-mono text-xs">Authorization: Bearer sbp_…</code> to /api/v1.</p>
        {generate}
      </div>
      {tokens.isPending ? (
        <SkeletonRows rows={3} />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} title="Failed to load your access tokens" onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <EmptyState icon={<KeyRound />} title="No access tokens" description="Generate a token to call the Management API from the CLI, CI or your own scripts." testId="access-tokens-empty" />
      ) : (
        <Table label="Access tokens">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Token</Th>
              <Th>Scopes</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setToRevoke(token)} />
            ))}
          </tbody>
        </Table>
      )}
      <CreateTokenDialog open={isCreating} onOpenChange={setIsCreating} />
      <ConfirmDialog
        open={!!toRevoke}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title={`Revoke the token "${toRevoke?.name ?? ''}"?`}
        description="Scripts and tools using it will be refused from their next request. This cannot be undone."
        confirmLabel="Revoke"
        variant="danger"
        isLoading={revoke.isPending}
        onConfirm={confirmRevoke}
        testId="access-token-revoke-confirm"
      />
    </div>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const isExpired = token.expires_at !== null && Date.parse(token.expires_at) <= Date.now();
  return (
    <tr data-testid="access-token-row">
      <Td className="font-medium">{token.name}</Td>
      <Td className="font-mono text-xs text-fg-muted">{token.token_alias}</Td>
      <Td>
        {token.scopes === null ? (
          <span className="text-xs text-fg-muted">All permissions</span>
        ) : (
          <div className="flex flex-wrap gap-1">
            {token.scopes.map((scope) => (
              <Badge key={scope}>{scope}</Badge>
            ))}
          </div>
        )}
      </Td>
      <Td className="text-xs text-fg-muted">{formatDate(token.created_at)}</Td>
      <Td className="text-xs text-fg-muted">{token.last_used_at ? formatRelative(token.last_used_at) : 'Never'}</Td>
      <Td className="text-xs">{isExpired ? <Badge tone="warning">Expired</Badge> : token.expires_at ? formatDate(token.expires_at) : <span className="text-fg-muted">Never</span>}</Td>
      <Td className="text-right">
        <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      </Td>
    </tr>
  );
}
