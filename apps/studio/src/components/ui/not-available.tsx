import { Construction } from 'lucide-react';

/** The one shared placeholder for product pages that a later release builds. Never shows fake data. */
export function NotAvailable({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-6 py-8 lg:px-10" data-testid="not-available">
      <h1 className="text-xl font-semibold text-fg">{title}</h1>
      <div className="mt-6 flex flex-col items-center justify-center rounded-lg border border-dashed border-line-strong px-6 py-16 text-center">
        <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-surface-3 text-fg-muted">
          <Construction className="size-5" aria-hidden />
        </div>
        <p className="text-sm font-medium text-fg">This page is not available yet in Plinth.</p>
        <p className="mt-1.5 max-w-md text-sm text-fg-muted">It is part of an upcoming release. Nothing here is missing from your project.</p>
      </div>
    </div>
  );
}
