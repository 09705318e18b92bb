import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface WideDialogProps {
  /** Named for screen readers; the content shows its own heading. */
  title: string;
  children: ReactNode;
  testId?: string;
}

/**
 * An extra-large modal for a whole workspace (the API docs): nearly the full viewport, the body
 * fills it and scrolls inside. Use inside a `Dialog` root like DialogContent.
 */
export function WideDialogContent({ title, children, testId }: WideDialogProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px]" />
      <RadixDialog.Content
        data-testid={testId}
        aria-describedby={undefined}
        className="fixed left-1/2 top-1/2 z-50 flex h-[min(88vh,900px)] w-[calc(100vw-2rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl border border-line-strong bg-surface shadow-2xl focus:outline-none"
      >
        <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
        {children}
        <RadixDialog.Close className="absolute right-3 top-3 z-10 rounded-md p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg" aria-label="Close">
          <X className="size-4" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
