import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { validateEmail } from './add-user-form.ts';

interface EmailActionDialogProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (email: string) => void;
  onClose: () => void;
  testId: string;
}

/** One email address and a button: "Send invitation" and "Send magic link" from the Add user menu. */
export function EmailActionDialog({ title, description, submitLabel, isPending, onSubmit, onClose, testId }: EmailActionDialogProps) {
  const [email, setEmail] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const error = isSubmitted ? validateEmail(email) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (validateEmail(email)) return;
    onSubmit(email.trim());
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent title={title} description={description} testId={testId} isBare>
        <form onSubmit={submit} noValidate>
          <div className="px-5 py-4">
            <Field label="Email address" error={error}>
              {(props) => <Input {...props} type="email" autoFocus autoComplete="off" placeholder="user@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={isPending}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
