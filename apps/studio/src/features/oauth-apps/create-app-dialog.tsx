import { useEffect, useState, type FormEvent } from 'react';
import { TOKEN_SCOPES, type OAuthAppWithSecret, type TokenScope } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { useOAuthAppCreateMutation } from '../../data/oauth-apps/oauth-app-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** Apps act through the Management API's scopes; 'admin' is the operator's alone. */
type AppScope = Exclude<TokenScope, 'admin'>;
const APP_SCOPES = TOKEN_SCOPES.filter((scope): scope is AppScope => scope !== 'admin');

interface CreateAppDialogProps {
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (app: OAuthAppWithSecret) => void;
}

/** Publishes an app: name, website, redirect URIs (one a line) and the scopes it may ask for. */
export function CreateAppDialog({ slug, open, onOpenChange, onCreated }: CreateAppDialogProps) {
  const create = useOAuthAppCreateMutation();
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [redirects, setRedirects] = useState('');
  const [scopes, setScopes] = useState<AppScope[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName('');
    setWebsite('');
    setRedirects('');
    setScopes([]);
    setError(null);
    create.reset();
    // Only a new opening starts a new form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const redirectUris = redirects.split('\n').map((line) => line.trim()).filter(Boolean);
    if (!name.trim()) return setError('Please provide a name for the app');
    if (redirectUris.length === 0) return setError('Add at least one redirect URI');
    if (scopes.length === 0) return setError('Choose at least one scope');
    setError(null);
    create.mutate(
      { slug, body: { name: name.trim(), website: website.trim(), redirect_uris: redirectUris, scopes } },
      { onSuccess: (app) => (onOpenChange(false), onCreated(app)), onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Publish an OAuth app" description="Let a tool act on other organizations through the Management API, once their members approve it." testId="oauth-app-create" isBare>
        <form onSubmit={submit} noValidate>
          <div className="space-y-4 px-5 py-4">
            <Field label="Name" error={error}>
              {(props) => <Input {...props} autoFocus value={name} maxLength={64} placeholder="e.g. Deploy bot" onChange={(e) => setName(e.target.value)} data-testid="oauth-app-name" />}
            </Field>
            <Field label="Website">
              {(props) => <Input {...props} type="url" value={website} placeholder="https://example.com" onChange={(e) => setWebsite(e.target.value)} data-testid="oauth-app-website" />}
            </Field>
            <Field label="Redirect URIs" description="One a line. Matched exactly; https, or http on localhost.">
              {(props) => <Textarea {...props} rows={3} value={redirects} placeholder="https://example.com/callback" onChange={(e) => setRedirects(e.target.value)} data-testid="oauth-app-redirects" />}
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-fg">Scopes</legend>
              <div className="grid grid-cols-2 gap-1.5" data-testid="oauth-app-scopes">
                {APP_SCOPES.map((scope) => (
                  <label key={scope} className="flex items-center gap-2 font-mono text-xs text-fg">
                    <input type="checkbox" className="accent-brand" checked={scopes.includes(scope)} onChange={(e) => setScopes((current) => (e.target.checked ? [...current, scope] : current.filter((s) => s !== scope)))} />
                    {scope}
                  </label>
                ))}
              </div>
              <p className="text-xs text-fg-subtle">An app never gets more than the approving member's role allows, and only in the one organization approved.</p>
            </fieldset>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button type="button" variant="default" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="oauth-app-submit">
              Publish app
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
