import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

export const TooltipProvider = RadixTooltip.Provider;

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** No tooltip when false (convenient for "only when disabled" tooltips). */
  isEnabled?: boolean;
}

export function Tooltip({ content, children, side = 'top', isEnabled = true }: TooltipProps) {
  if (!isEnabled || !content) return <>{children}</>;
  return (
    <RadixTooltip.Root delayDuration={150}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md border border-line-strong bg-surface-3 px-2.5 py-1.5 text-xs text-fg shadow-lg"
        >
          {content}
          <RadixTooltip.Arrow className="fill-surface-3" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/**
 * A tooltip for a control that may be disabled: disabled buttons swallow pointer events, so the
 * trigger is a focusable wrapper.
 */
export function DisabledTooltip({ content, isDisabled, children }: { content: ReactNode; isDisabled: boolean; children: ReactNode }) {
  if (!isDisabled) return <>{children}</>;
  return (
    <Tooltip content={content}>
      <span tabIndex={0} className="inline-flex [&_button:disabled]:pointer-events-none" aria-label={typeof content === 'string' ? content : undefined}>
        {children}
      </span>
    </Tooltip>
  );
}
