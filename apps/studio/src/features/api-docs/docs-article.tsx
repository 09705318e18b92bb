import type { ReactNode } from 'react';
import { anchorId } from './docs-location.ts';

/** The heading of a docs page. */
export function DocsHeader({ title, description, badge }: { title: ReactNode; description?: ReactNode; badge?: ReactNode }) {
  return (
    <header className="space-y-2 pb-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold tracking-tight text-fg" data-testid="api-docs-title">
          {title}
        </h2>
        {badge}
      </div>
      {description && <div className="space-y-2 text-sm leading-relaxed text-fg-muted">{description}</div>}
    </header>
  );
}

/** A block of a docs page that the left pane links to. */
export function DocsBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={anchorId(id)} className="scroll-mt-4 space-y-3 border-t border-line pt-6" aria-labelledby={`${anchorId(id)}-title`}>
      <h3 id={`${anchorId(id)}-title`} className="text-base font-semibold text-fg">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** An item of a section (a table, a function) that opens its detail page. */
export function DocsItemList({ items, onOpen, empty, testId }: { items: { name: string; description?: string }[]; onOpen: (name: string) => void; empty: ReactNode; testId: string }) {
  if (items.length === 0) return <div className="rounded-md border border-dashed border-line-strong px-4 py-6 text-center text-sm text-fg-muted">{empty}</div>;
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-md border border-line" data-testid={testId}>
      {items.map((item) => (
        <li key={item.name}>
          <button type="button" onClick={() => onOpen(item.name)} className="flex w-full items-baseline gap-3 px-4 py-2.5 text-left hover:bg-surface-2">
            <code className="font-mono text-sm text-fg">{item.name}</code>
            {item.description && <span className="truncate text-xs text-fg-subtle">{item.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
