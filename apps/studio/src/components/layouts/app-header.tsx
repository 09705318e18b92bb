import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../ui/logo.tsx';
import { AccountMenu } from './account-menu.tsx';

export interface Crumb {
  label: ReactNode;
  to?: string;
  testId?: string;
}

/** The top bar: logo (links to /projects), breadcrumb, page actions, account menu. */
export function AppHeader({ crumbs = [], actions }: { crumbs?: Crumb[]; actions?: ReactNode }) {
  return (
    <header className="flex h-12 shrink-0 items-center justify-between gap-4 border-b border-line bg-surface px-4">
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-2 text-sm">
        <Link to="/projects" aria-label="All projects" className="shrink-0">
          <LogoMark />
        </Link>
        {crumbs.map((crumb, index) => (
          <Fragment key={index}>
            <span aria-hidden className="select-none text-line-strong">
              /
            </span>
            {crumb.to ? (
              <Link to={crumb.to} data-testid={crumb.testId} className="truncate text-fg-muted hover:text-fg">
                {crumb.label}
              </Link>
            ) : (
              <span data-testid={crumb.testId} className="truncate text-fg" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
                {crumb.label}
              </span>
            )}
          </Fragment>
        ))}
      </nav>
      <div className="flex shrink-0 items-center gap-2">
        {actions}
        <AccountMenu />
      </div>
    </header>
  );
}
