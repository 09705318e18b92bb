import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

export const FUNCTION_TABS = [
  { id: 'overview', label: 'Overview', path: '' },
  { id: 'invocations', label: 'Invocations', path: '/invocations' },
  { id: 'logs', label: 'Logs', path: '/logs' },
  { id: 'code', label: 'Code', path: '/code' },
  { id: 'details', label: 'Details', path: '/details' },
] as const;

export type FunctionTab = (typeof FUNCTION_TABS)[number]['id'];

/** The function page's tabs: each is its own address (and chunk), so a tab can be linked to and reloaded. */
export function FunctionTabs({ projectRef, slug, current }: { projectRef: string; slug: string; current: FunctionTab }) {
  const base = `/project/${projectRef}/functions/${encodeURIComponent(slug)}`;
  return (
    <nav aria-label="Function" className="flex gap-1 border-b border-line" data-testid="function-tabs">
      {FUNCTION_TABS.map((tab) => (
        <Link
          key={tab.id}
          to={`${base}${tab.path}`}
          aria-current={tab.id === current ? 'page' : undefined}
          className={cn(
            '-mb-px border-b-2 px-3 py-2 text-sm transition-colors',
            tab.id === current ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
