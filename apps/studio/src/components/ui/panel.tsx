import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface PanelProps {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
  bodyClassName?: string;
  testId?: string;
}

/** A bordered section of a settings-style page. */
export function Panel({ title, description, actions, footer, children, tone = 'default', className, bodyClassName, testId }: PanelProps) {
  return (
    <section
      data-testid={testId}
      className={cn('overflow-hidden rounded-lg border bg-surface', tone === 'danger' ? 'border-danger/40' : 'border-line', className)}
    >
      {(title || actions) && (
        <header className={cn('flex items-start justify-between gap-4 border-b px-5 py-3.5', tone === 'danger' ? 'border-danger/30 bg-danger/5' : 'border-line')}>
          <div className="min-w-0 space-y-0.5">
            {title && <h2 className="text-sm font-semibold text-fg">{title}</h2>}
            {description && <p className="text-sm text-fg-muted">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      {children && <div className={cn('px-5 py-4', bodyClassName)}>{children}</div>}
      {footer && <footer className="flex items-center justify-end gap-2 border-t border-line bg-surface-2/50 px-5 py-3">{footer}</footer>}
    </section>
  );
}
