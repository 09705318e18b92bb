import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  testId?: string;
}

export function EmptyState({ icon, title, description, actions, className, testId }: EmptyStateProps) {
  return (
    <div
      data-testid={testId}
      className={cn('flex flex-col items-center justify-center rounded-lg border border-dashed border-line-strong px-6 py-12 text-center', className)}
    >
      {icon && <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-surface-3 text-fg-muted [&>svg]:size-5">{icon}</div>}
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {description && <p className="mt-1.5 max-w-md text-sm text-fg-muted">{description}</p>}
      {actions && <div className="mt-5 flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  );
}
