import type { ReactNode } from 'react';
import { AppHeader, type Crumb } from './app-header.tsx';

/** Full-width pages outside a project or organisation (projects list, wizards, support). */
export function PageShell({ crumbs, actions, children }: { crumbs?: Crumb[]; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex h-full flex-col">
      <AppHeader crumbs={crumbs} actions={actions} />
      <main className="flex-1 overflow-y-auto">{children}</main>
    </div>
  );
}
