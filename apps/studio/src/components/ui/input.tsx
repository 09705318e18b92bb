import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const control =
  'w-full rounded-md border border-line-strong bg-surface-2 px-3 text-sm text-fg placeholder:text-fg-subtle ' +
  'transition-colors focus:border-brand/70 focus:outline-none focus:ring-2 focus:ring-brand/20 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger/70 aria-[invalid=true]:focus:ring-danger/20';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(control, 'h-9', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(control, 'min-h-28 py-2 leading-relaxed', className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={cn(control, 'h-9 appearance-auto pr-8', className)} {...props} />;
});

export interface FieldRenderProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Extra text under the control. */
  description?: ReactNode;
  /** The validation message; shown in place of the description. */
  error?: string | null;
  /** Right-aligned text next to the label (e.g. a character counter, "Optional"). */
  aside?: ReactNode;
  className?: string;
  children: (props: FieldRenderProps) => ReactNode;
}

/** A labelled form control with its description and validation message wired for screen readers. */
export function Field({ label, description, error, aside, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasMessage = !!error || !!description;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {aside && <span className="text-xs text-fg-subtle">{aside}</span>}
      </div>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': hasMessage ? messageId : undefined })}
      {error ? (
        <p id={messageId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : description ? (
        <p id={messageId} className="text-xs text-fg-subtle">
          {description}
        </p>
      ) : null}
    </div>
  );
}
