import { useEffect, useState, type FormEvent } from 'react';
import { TOKEN_SCOPES, type AccessTokenCreated, type TokenScope } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { useAccessTokenCreateMutation } from '../../data/access-tokens/access-token-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { expiryChoices, expiresAtOf, type ExpiryChoice } from './token-expiry.ts';

interface CreateTokenDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Generates a token in two steps: the form (name, expiry, scopes), then the token itself, shown
 * once with a copy button. Closing the dialog forgets the token; only its alias stays listed.
 */
export function CreateTokenDialog({ open, onOpenChange }: CreateTokenDialogProps) {
  const create = useAccessTokenCreateMutation();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [customDate, setCustomDate] = useState('');
  const [isLimited, setIsLimited] = useState(false);
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<AccessTokenCreated | null>(null);

  useEffect(() => {
    if (!open) return;
    setName('');
    setExpiry('never');
    setCustomDate('');
    setIsLimited(false);
    setScopes([]);
    setError(null);
    setCreated(null);
    create.reset();
    // Only a new opening starts a new form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function toggleScope(scope: TokenScope, isOn: boolean) {
    setScopes((current) => (isOn ? [...current, scope] : current.filter((s) => s !== scope)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Please provide a name for the token');
    if (isLimited && scopes.length === 0) return setError('Choose at least one scope, or give the token all your permissions');
    const expiresAt = expiresAtOf(expiry, customDate);
    if (expiresAt === undefined) return setError('Choose an expiry date in the future');
    setError(null);
    create.mutate(
      { name: name.trim(), scopes: isLimited ? scopes : null, expires_at: expiresAt },
      { onSuccess: setCreated, onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  if (created) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title="Your new access token"
          description="Copy this token now and keep it somewhere safe: you won't be able to see it again."
          testId="access-token-created"
          footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
        >
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-fg" data-testid="access-token-value">
              {created.token}
            </code>
            <CopyButton value={created.token} />
          </div>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Generate new token" description="Tokens call the Management API (/api/v1) with your account." testId="access-token-create" isBare>
        <form onSubmit={submit} noValidate>
          <div className="space-y-4 px-5 py-4">
            <Field label="Name" error={error}>
              {(props) => <Input {...props} autoFocus value={name} maxLength={64} placeholder="e.g. CI deploys" onChange={(e) => setName(e.target.value)} data-testid="access-token-name" />}
            </Field>
            <Field label="Expires">
              {(props) => (
                <Select {...props} value={expiry} onChange={(e) => setExpiry(e.target.value as ExpiryChoice)} data-testid="access-token-expiry">
                  {expiryChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {expiry === 'custom' && (
              <Field label="Expiry date">
                {(props) => <Input {...props} type="date" value={customDate} onChange={(e) => setCustomDate(e.target.value)} data-testid="access-token-expiry-date" />}
              </Field>
            )}
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-fg">Permissions</legend>
              <label className="flex items-center gap-2 text-sm text-fg">
                <input type="radio" name="token-permissions" className="accent-brand" checked={!isLimited} onChange={() => setIsLimited(false)} />
                All of your permissions
              </label>
              <label className="flex items-center gap-2 text-sm text-fg">
                <input type="radio" name="token-permissions" className="accent-brand" checked={isLimited} onChange={() => setIsLimited(true)} data-testid="access-token-limited" />
                Only these scopes
              </label>
              {isLimited && (
                <div className="grid grid-cols-2 gap-1.5 pl-6" data-testid="access-token-scopes">
                  {TOKEN_SCOPES.map((scope) => (
                    <label key={scope} className="flex items-center gap-2 font-mono text-xs text-fg">
                      <input type="checkbox" className="accent-brand" checked={scopes.includes(scope)} onChange={(e) => toggleScope(scope, e.target.checked)} />
                      {scope}
                    </label>
                  ))}
                </div>
              )}
              <p className="text-xs text-fg-subtle">A scope never adds a permission: the token can do at most what your role in each organization allows.</p>
            </fieldset>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button type="button" variant="default" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="access-token-submit">
              Generate token
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
