import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-3xl' } as const;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** Test and automation hook. */
  testId?: string;
  /** Render children as they are, without the padded body (for forms that lay out their own footer). */
  isBare?: boolean;
}

/** A centred modal: focus is trapped, Escape and the close button dismiss it. */
export function DialogContent({ title, description, children, footer, size = 'md', testId, isBare = false }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px]" />
      <RadixDialog.Content
        data-testid={testId}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
          'rounded-xl border border-line-strong bg-surface shadow-2xl focus:outline-none',
          widths[size],
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
          <div className="space-y-1">
            <RadixDialog.Title className="text-base font-semibold text-fg">{title}</RadixDialog.Title>
            {description && <RadixDialog.Description className="text-sm text-fg-muted">{description}</RadixDialog.Description>}
          </div>
          <RadixDialog.Close className="rounded-md p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg" aria-label="Close">
            <X className="size-4" />
          </RadixDialog.Close>
        </div>
        {children && (isBare ? children : <div className="px-5 py-4">{children}</div>)}
        {footer && <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
