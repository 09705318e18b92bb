import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { gitRepositoryCreateBody } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useGitRepositoryCreateMutation } from '../../data/git/git-repository-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** Adds a repository: its URL (any Git host over HTTPS, or a local path) and an optional access token. The server reads it before saving. */
export function GitRepositoryAddDialog({ slug, open, onOpenChange }: { slug: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useGitRepositoryCreateMutation(slug);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setUrl('');
      setToken('');
      setError(null);
      create.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = gitRepositoryCreateBody.safeParse({ url, token: token.trim() || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (repository) => {
        toast.success(`Added ${repository.name}`);
        close(false);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add Git repository" description="Plinth reads the repository once to check it can, then keeps the URL. Projects connect to it for database branches." testId="git-repository-dialog" size="lg">
        <form className="space-y-4" onSubmit={submit} noValidate>
          <Field label="Repository URL" description="HTTPS clone URL of any Git host, or an absolute path on the server (air-gapped installs)." error={error}>
            {(props) => <Input {...props} value={url} placeholder="https://git.example.com/acme/app.git" onChange={(e) => setUrl(e.target.value)} data-testid="git-repository-url" />}
          </Field>
          <Field label="Access token (optional)" description="For a private repository: a token the host accepts as the HTTPS password. Stored encrypted, never shown again.">
            {(props) => <Input {...props} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} data-testid="git-repository-token" />}
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="git-repository-save">
              Add repository
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
