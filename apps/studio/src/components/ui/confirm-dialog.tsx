import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, DialogContent } from './dialog.tsx';
import { Button } from './button.tsx';
import { Field, Input } from './input.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: 'danger' | 'primary' | 'warning';
  isLoading?: boolean;
  /** When set, the user must type this value before confirming (destructive actions). */
  confirmValue?: string;
  confirmValueLabel?: ReactNode;
  onConfirm: () => void;
  testId?: string;
}

/** Asks before an action happens; with `confirmValue` it asks the user to type e.g. the ref or slug. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'primary',
  isLoading = false,
  confirmValue,
  confirmValueLabel,
  onConfirm,
  testId,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [isTouched, setIsTouched] = useState(false);

  useEffect(() => {
    if (open) {
      setTyped('');
      setIsTouched(false);
    }
  }, [open]);

  const needsValue = confirmValue !== undefined;
  const validation = !needsValue
    ? null
    : typed.length === 0
      ? 'Enter the required value.'
      : typed !== confirmValue
        ? 'Value entered does not match.'
        : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (validation) return;
    onConfirm();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isLoading && onOpenChange(next)}>
      <DialogContent
        title={title}
        description={description}
        testId={testId}
        size="md"
        isBare
      >
        <form onSubmit={submit}>
          {(children || needsValue) && (
            <div className="space-y-4 px-5 py-4">
              {children}
              {needsValue && (
                <Field
                  label={confirmValueLabel ?? (
                    <>
                      Type <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-xs">{confirmValue}</code> to confirm.
                    </>
                  )}
                  error={isTouched ? validation : null}
                >
                  {(props) => (
                    <Input
                      {...props}
                      autoFocus
                      autoComplete="off"
                      spellCheck={false}
                      value={typed}
                      onChange={(e) => setTyped(e.target.value)}
                      onBlur={() => setIsTouched(true)}
                      placeholder={confirmValue}
                      data-testid="confirm-value-input"
                    />
                  )}
                </Field>
              )}
            </div>
          )}
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isLoading}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={variant} isLoading={isLoading} disabled={needsValue && !!validation && isTouched}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
