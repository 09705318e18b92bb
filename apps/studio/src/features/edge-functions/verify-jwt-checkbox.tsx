import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export const VERIFY_JWT_DESCRIPTION =
  "Callers must send a valid JWT of this project (the anon key, a user's session or the service role key). Turn it off for webhooks that prove themselves another way.";

/** The new function's "Verify JWT" choice (the Details tab changes it later with a switch). */
export function VerifyJwtCheckbox({ checked, onChange, className }: { checked: boolean; onChange: (checked: boolean) => void; className?: string }) {
  const id = useId();
  return (
    <div className={cn('flex max-w-xs items-start gap-2', className)}>
      <input id={id} type="checkbox" className="mt-0.5 accent-brand" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-description`} />
      <div className="space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          Verify JWT
        </label>
        <p id={`${id}-description`} className="text-xs text-fg-subtle">
          {VERIFY_JWT_DESCRIPTION}
        </p>
      </div>
    </div>
  );
}
