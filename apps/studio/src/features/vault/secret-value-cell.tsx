import { useState, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useVaultSecretValueQuery } from '../../data/vault/vault-secrets-query.ts';
import { sqlErrorDetails } from '../../data/sql/execute-sql.ts';

/** The value, hidden until revealed; revealing reads it from vault.decrypted_secrets then. */
export function SecretValueCell({ projectRef, id, label }: { projectRef: string; id: string; label: string }) {
  const [isShown, setIsShown] = useState(false);
  const value = useVaultSecretValueQuery(projectRef, id, isShown);
  let shown: ReactNode = <span aria-label="Hidden value">••••••••••</span>;
  if (isShown) {
    if (value.isLoading) shown = <span className="text-fg-subtle">Decrypting…</span>;
    else if (value.isError) shown = <span className="text-danger" role="alert">{sqlErrorDetails(value.error).message}</span>;
    // NULL: stored under another key (e.g. copied from another project), so it cannot be read here.
    else if (value.data === null) shown = <span className="text-warning">Cannot be decrypted with this project's key</span>;
    else shown = <span className="break-all text-fg" data-testid="vault-secret-revealed">{value.data}</span>;
  }
  return (
    <div className="flex items-center gap-2">
      <code className="min-w-0 flex-1 font-mono text-xs text-fg-muted" data-testid="vault-secret-value-cell">{shown}</code>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setIsShown(!isShown)}
        aria-label={isShown ? `Hide value of ${label}` : `Reveal value of ${label}`}
        aria-pressed={isShown}
        icon={isShown ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
        data-testid="vault-secret-reveal"
      />
    </div>
  );
}
