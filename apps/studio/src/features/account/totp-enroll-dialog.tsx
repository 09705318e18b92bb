import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useMfaEnrollMutation, type TotpEnrollment } from '../../data/auth/mfa-enroll-mutation.ts';
import { useMfaUnenrollMutation } from '../../data/auth/mfa-unenroll-mutation.ts';
import { useMfaVerifyMutation } from '../../data/auth/mfa-verify-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { TOTP_CODE_MESSAGE, TotpCodeField, totpCodeOf } from '../auth/totp-code-field.tsx';


/** Enrol a TOTP app: name it, scan the QR code (or type the secret), confirm with a code. */
export function TotpEnrollDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const enroll = useMfaEnrollMutation();
  const verify = useMfaVerifyMutation();
  const unenroll = useMfaUnenrollMutation();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);

  function close(next: boolean, isVerified = false) {
    if (next) return onOpenChange(true);
    // An abandoned enrolment leaves an unverified factor behind: remove it.
    if (enrollment && !isVerified) unenroll.mutate(enrollment.factorId);
    setEnrollment(null);
    setName('');
    setCode('');
    setCodeError(null);
    enroll.reset();
    verify.reset();
    onOpenChange(false);
  }

  function start(event: FormEvent) {
    event.preventDefault();
    enroll.mutate(name.trim(), {
      onSuccess: setEnrollment,
      onError: (error) => toast.error(`Failed to enroll the authenticator app: ${errorMessage(error)}`),
    });
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!enrollment) return;
    const trimmed = totpCodeOf(code);
    if (!trimmed) {
      setCodeError(TOTP_CODE_MESSAGE);
      return;
    }
    setCodeError(null);
    verify.mutate(
      { factorId: enrollment.factorId, code: trimmed },
      {
        onSuccess: () => {
          toast.success('Successfully added a second factor authentication');
          close(false, true);
        },
        onError: (error) => setCodeError(errorMessage(error)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add a new authenticator app" description="Use an app such as 1Password, Authy or Google Authenticator." testId="totp-enroll-dialog">
        {!enrollment ? (
          <form onSubmit={start} className="space-y-4" noValidate>
            <Field label="Name" aside="Optional" description="To tell your authenticator apps apart.">
              {(props) => <Input {...props} value={name} maxLength={64} placeholder="My phone" onChange={(e) => setName(e.target.value)} autoFocus />}
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" isLoading={enroll.isPending}>
                Generate QR code
              </Button>
            </div>
          </form>
        ) : (
          <form onSubmit={confirm} className="space-y-4" noValidate>
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              {enrollment.qrCode ? (
                <img src={enrollment.qrCode} alt="QR code for your authenticator app" className="size-40 shrink-0 rounded-md bg-white p-2" />
              ) : (
                <div className="flex size-40 shrink-0 items-center justify-center rounded-md border border-dashed border-line-strong p-3 text-center text-xs text-fg-subtle">
                  No QR code available: enter the secret by hand.
                </div>
              )}
              <div className="min-w-0 space-y-2 text-sm text-fg-muted">
                <p>Scan the QR code with your authenticator app, or enter this secret:</p>
                <div className="flex items-center gap-2">
                  <code data-testid="totp-secret" className="min-w-0 flex-1 break-all rounded-md border border-line bg-surface-2 px-2 py-1.5 font-mono text-xs text-fg">
                    {enrollment.secret}
                  </code>
                  <CopyButton value={enrollment.secret} />
                </div>
              </div>
            </div>
            <TotpCodeField value={code} onChange={setCode} error={codeError} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" isLoading={verify.isPending}>
                Confirm
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
