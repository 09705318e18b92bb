import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useAuthConfigUpdateMutation } from '../../data/auth-config/auth-config-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { redirectUrlProblem, serializeAllowList } from './auth-config-rules.ts';

interface AddRedirectUrlDialogProps {
  projectRef: string;
  urls: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds one URL to the redirect allow-list and saves at once. */
export function AddRedirectUrlDialog({ projectRef, urls, open, onOpenChange }: AddRedirectUrlDialogProps) {
  const update = useAuthConfigUpdateMutation(projectRef);
  const [url, setUrl] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setUrl('');
    setIsTouched(false);
    setServerError(null);
  }, [open]);

  const problem = redirectUrlProblem(url, urls);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (problem) return;
    setServerError(null);
    update.mutate(
      { uri_allow_list: serializeAllowList([...urls, url.trim()]) },
      {
        onSuccess: () => {
          toast.success('Successfully added URL');
          onOpenChange(false);
        },
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent title="Add new redirect URL" description="This will add a URL to a list of allowed URLs that can interact with your Authentication services for this project." testId="add-redirect-url-dialog" isBare>
        <form onSubmit={submit} noValidate>
          <div className="space-y-3 px-5 py-4">
            <Field
              label="URL"
              error={isTouched ? problem : null}
              description="With a scheme, such as https:// or a mobile app's myapp://. A * matches any characters within a host label or path segment, a ** matches across them: https://*.example.com/**"
            >
              {(props) => (
                <Input {...props} autoFocus spellCheck={false} placeholder="https://mydomain.com/**" value={url} onChange={(e) => { setUrl(e.target.value); setIsTouched(true); }} data-testid="redirect-url-input" />
              )}
            </Field>
            {serverError && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{serverError}</p>}
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>Cancel</Button>
            <Button type="submit" variant="primary" isLoading={update.isPending} data-testid="redirect-url-save">Save URL</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
