import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { DisabledTooltip } from './tooltip.tsx';
import { useCopied } from './use-copied.ts';

const MASK = '•'.repeat(48);

interface SecretFieldProps {
  /** Accessible name of the value. */
  label: string;
  value: string;
  /** Shown in place of the value (no permission, update in progress); copy and reveal are then off. */
  message?: string | null;
  /** Hidden until revealed; a public value (the anon key) is simply shown. */
  isRevealable?: boolean;
  /** Copy and reveal are off (e.g. while the JWT secret is updating), with this reason in a tooltip. */
  disabledReason?: string | null;
  testId?: string;
}

/** A read-only key or secret with Reveal and Copy (the copied state resets after 2 s). */
export function SecretField({ label, value, message, isRevealable = false, disabledReason, testId }: SecretFieldProps) {
  const [isRevealed, setIsRevealed] = useState(false);
  const { isCopied, copy } = useCopied();
  const isBlocked = !!message || !!disabledReason;
  const isHidden = isRevealable && !isRevealed;
  const shown = message ?? (isHidden ? MASK : value);

  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        readOnly
        aria-label={label}
        value={shown}
        data-testid={testId}
        data-state={message ? 'message' : isHidden ? 'hidden' : 'shown'}
        className={cn(
          'h-9 min-w-0 flex-1 truncate rounded-md border border-line-strong bg-surface-2 px-3 font-mono text-xs text-fg focus:outline-none',
          message && 'font-sans text-fg-muted',
        )}
      />
      {isRevealable && (
        <DisabledTooltip isDisabled={isBlocked} content={message ?? disabledReason}>
          <Button
            size="sm"
            variant="outline"
            disabled={isBlocked}
            onClick={() => setIsRevealed((revealed) => !revealed)}
            icon={isRevealed ? <EyeOff className="size-3.5" /> : <Eye className="size-3.5" />}
            data-testid={testId && `${testId}-reveal`}
          >
            {isRevealed ? 'Hide' : 'Reveal'}
          </Button>
        </DisabledTooltip>
      )}
      <DisabledTooltip isDisabled={isBlocked} content={message ?? disabledReason}>
        <Button
          size="sm"
          variant="outline"
          disabled={isBlocked}
          onClick={() => void copy(value)}
          icon={isCopied ? <Check className="size-3.5 text-brand" /> : <Copy className="size-3.5" />}
          data-testid={testId && `${testId}-copy`}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </DisabledTooltip>
    </div>
  );
}
