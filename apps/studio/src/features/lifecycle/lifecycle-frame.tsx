import type { ReactNode } from 'react';

interface LifecycleFrameProps {
  projectName: string;
  badge?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** The card every lifecycle screen sits in: project name and a state badge on top. */
export function LifecycleFrame({ projectName, badge, children, footer, testId }: LifecycleFrameProps) {
  return (
    <div className="flex min-h-full items-center justify-center px-6 py-16" data-testid={testId}>
      <div className="w-full max-w-xl overflow-hidden rounded-xl border border-line bg-surface shadow-xl shadow-black/20">
        <div className="flex items-center justify-between gap-3 border-b border-line px-6 py-4">
          <h2 className="truncate text-base font-semibold text-fg">{projectName}</h2>
          {badge}
        </div>
        <div className="space-y-4 px-6 py-6 text-sm text-fg-muted">{children}</div>
        {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line bg-surface-2/50 px-6 py-3">{footer}</div>}
      </div>
    </div>
  );
}

export function supportHref(params: { category: string; ref?: string; subject: string; message?: string }): string {
  const query = new URLSearchParams({ category: params.category, subject: params.subject });
  if (params.ref) query.set('ref', params.ref);
  if (params.message) query.set('message', params.message);
  return `/support/new?${query}`;
}
