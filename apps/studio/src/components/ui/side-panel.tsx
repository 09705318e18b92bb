import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const widths = { medium: 'max-w-xl', large: 'max-w-3xl', xlarge: 'max-w-5xl' } as const;

interface SidePanelProps {
  open: boolean;
  /** Called when the user asks to close (Escape, overlay, close button); the owner decides. */
  onRequestClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof widths;
  testId?: string;
}

/**
 * A panel sliding in from the right (spec: side panels default to medium, aligned right). Closing is
 * a request so editors can ask "Discard changes" first.
 */
export function SidePanel({ open, onRequestClose, title, description, children, footer, size = 'medium', testId }: SidePanelProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onRequestClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          data-testid={testId}
          className={cn('fixed inset-y-0 right-0 z-40 flex w-full flex-col border-l border-line-strong bg-surface shadow-2xl focus:outline-none', widths[size])}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="min-w-0 space-y-1">
              <RadixDialog.Title className="truncate text-base font-semibold text-fg">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="text-sm text-fg-muted">{description}</RadixDialog.Description>}
            </div>
            <button type="button" onClick={onRequestClose} className="rounded-md p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg" aria-label="Close">
              <X className="size-4" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
          {footer && <div className="flex items-center justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
