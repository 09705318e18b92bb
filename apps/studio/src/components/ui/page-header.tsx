import type { ReactNode } from 'react';

/** Title row of a content page. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
        {description && <p className="text-sm text-fg-muted">{description}</p>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** The width-limited column most pages use. */
export function PageContainer({ children, size = 'default' }: { children: ReactNode; size?: 'default' | 'narrow' | 'wide' }) {
  const width = size === 'narrow' ? 'max-w-3xl' : size === 'wide' ? 'max-w-7xl' : 'max-w-5xl';
  return <div className={`mx-auto w-full ${width} px-6 py-8 lg:px-10`}>{children}</div>;
}
