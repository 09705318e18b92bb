import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useAuthUserCreateMutation } from '../../data/auth-users/user-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { createUserBody, EMPTY_CREATE_USER, validateCreateUser, type CreateUserValues } from './add-user-form.ts';

/** "Create new user": email, password and "Auto Confirm User?" (on: no confirmation email is sent). */
export function CreateUserDialog({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const [values, setValues] = useState<CreateUserValues>(EMPTY_CREATE_USER);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const create = useAuthUserCreateMutation(projectRef);
  const errors = isSubmitted ? validateCreateUser(values) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.keys(validateCreateUser(values)).length > 0) return;
    create.mutate(createUserBody(values), {
      onSuccess: (user) => {
        toast.success(`Successfully created user ${user.email}`);
        onClose();
      },
      onError: (error) => toast.error(`Failed to create user: ${errorMessage(error)}`),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent title="Create a new user" description="The user can sign in with this email and password straight away." testId="create-user-dialog" isBare>
        <form onSubmit={submit} noValidate>
          <div className="space-y-4 px-5 py-4">
            <Field label="Email address" error={errors.email}>
              {(props) => (
                <Input {...props} type="email" autoFocus autoComplete="off" placeholder="user@example.com" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
              )}
            </Field>
            <Field label="User Password" error={errors.password}>
              {(props) => (
                <Input {...props} type="password" autoComplete="new-password" placeholder="••••••••" value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
              )}
            </Field>
            <label className="flex items-start gap-2.5 text-sm text-fg">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand"
                checked={values.autoConfirm}
                onChange={(e) => setValues({ ...values, autoConfirm: e.target.checked })}
              />
              <span className="space-y-0.5">
                <span className="block font-medium">Auto Confirm User?</span>
                <span className="block text-xs text-fg-subtle">A confirmation email will not be sent when creating a user via this form.</span>
              </span>
            </label>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={create.isPending}>
              Create user
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
