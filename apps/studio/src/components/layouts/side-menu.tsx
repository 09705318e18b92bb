import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

export interface MenuItem {
  label: string;
  href: string;
  /** Small label next to the entry (e.g. BETA, NEW). */
  badge?: string;
  /** Only active on the exact path (for index-like entries). */
  isExact?: boolean;
}

export interface MenuGroup {
  title?: string;
  items: MenuItem[];
}

/** The product menu column: titled groups of links. */
export function SideMenu({ title, groups, testId }: { title: string; groups: MenuGroup[]; testId?: string }) {
  return (
    <nav aria-label={`${title} menu`} data-testid={testId} className="flex h-full w-56 shrink-0 flex-col overflow-y-auto border-r border-line bg-surface">
      <div className="flex h-12 shrink-0 items-center border-b border-line px-4">
        <h2 className="text-sm font-semibold text-fg">{title}</h2>
      </div>
      <div className="space-y-5 px-2 py-4">
        {groups
          .filter((group) => group.items.length > 0)
          .map((group, index) => (
            <div key={group.title ?? index}>
              {group.title && <h3 className="mb-1.5 px-2 text-[11px] font-medium uppercase tracking-wider text-fg-subtle">{group.title}</h3>}
              <ul className="space-y-0.5">
                {group.items.map((item) => (
                  <li key={item.href}>
                    <NavLink
                      to={item.href}
                      end={item.isExact}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center justify-between rounded-md px-2 py-1.5 text-sm transition-colors',
                          isActive ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
                        )
                      }
                    >
                      <span className="truncate">{item.label}</span>
                      {item.badge && (
                        <span className="rounded border border-line-strong px-1 py-px text-[10px] font-medium uppercase tracking-wide text-fg-subtle">
                          {item.badge}
                        </span>
                      )}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
      </div>
    </nav>
  );
}
