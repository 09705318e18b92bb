import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useDatabasePasswordResetMutation } from '../../data/database-settings/database-password-reset-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters from the browser's cryptographic generator (about 117 bits). */
export function generateStrongPassword(length = 20): string {
  const bytes = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(bytes, (n) => ALPHABET[n % ALPHABET.length]).join('');
}

/** Sets a new database password: the login changes, so clients with the old one stop connecting. */
export function ResetPasswordDialog({ projectRef, open, onOpenChange }: { projectRef: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const reset = useDatabasePasswordResetMutation(projectRef);
  const [password, setPassword] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setPassword('');
      setIsTouched(false);
    }
  }, [open]);
  const error = password.length < 8 ? 'Password must be at least 8 characters' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error) return;
    reset.mutate(password, {
      onSuccess: () => {
        toast.success('Successfully updated database password');
        onOpenChange(false);
      },
      onError: (e) => toast.error(`Failed to reset database password: ${errorMessage(e)}`),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Reset database password" description="Clients and tools using the old password will stop connecting until they use the new one." testId="reset-password-dialog" isBare>
        <form onSubmit={submit} noValidate>
          <div className="space-y-3 px-5 py-4">
            <Field label="New password" error={isTouched ? error : null} description="Store it somewhere safe: it is not shown again.">
              {(props) => (
                <div className="flex gap-2">
                  <Input {...props} type="text" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} className="font-mono" data-testid="new-db-password" />
                  <Button variant="outline" onClick={() => setPassword(generateStrongPassword())} data-testid="generate-password">
                    Generate a password
                  </Button>
                </div>
              )}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" variant="danger" isLoading={reset.isPending} data-testid="confirm-reset-password">
              Reset password
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
