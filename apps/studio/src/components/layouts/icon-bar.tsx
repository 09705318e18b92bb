import {
  BarChart3,
  BookOpen,
  Database,
  FileCode2,
  HardDrive,
  Home,
  List,
  Radio,
  Settings,
  Table2,
  UsersRound,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { Feature } from '@plinth/permissions';
import { Tooltip } from '../ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';

interface IconBarItem {
  label: string;
  icon: LucideIcon;
  href: string;
  /** Path prefix (below /project/{ref}) that marks the entry active; '' is home only. */
  match: string;
  isShown?: boolean;
}

function items(ref: string, features: Record<Feature, boolean>): IconBarItem[][] {
  const base = `/project/${ref}`;
  return [
    [{ label: 'Project overview', icon: Home, href: base, match: '' }],
    [
      { label: 'Table Editor', icon: Table2, href: `${base}/editor`, match: '/editor' },
      // Not the hosted version: the SQL editor opens at /sql/1.
      { label: 'SQL Editor', icon: FileCode2, href: `${base}/sql/1`, match: '/sql' },
      { label: 'Database', icon: Database, href: `${base}/database/tables`, match: '/database' },
    ],
    [
      { label: 'Authentication', icon: UsersRound, href: `${base}/auth/users`, match: '/auth', isShown: features[Feature.PROJECT_AUTH] },
      { label: 'Storage', icon: HardDrive, href: `${base}/storage/buckets`, match: '/storage', isShown: features[Feature.PROJECT_STORAGE] },
      { label: 'Edge Functions', icon: Zap, href: `${base}/functions`, match: '/functions', isShown: features[Feature.PROJECT_EDGE_FUNCTION] },
      { label: 'Realtime', icon: Radio, href: `${base}/realtime/inspector`, match: '/realtime', isShown: features[Feature.REALTIME] },
    ],
    [
      { label: 'Reports', icon: BarChart3, href: `${base}/reports`, match: '/reports' },
      { label: 'Logs', icon: List, href: `${base}/logs/explorer`, match: '/logs' },
      { label: 'API Docs', icon: BookOpen, href: `${base}/api`, match: '/api' },
    ],
    [{ label: 'Project Settings', icon: Settings, href: `${base}/settings/general`, match: '/settings' }],
  ];
}

/** The narrow column of product icons on the left of every project page. */
export function IconBar({ projectRef, features }: { projectRef: string; features: Record<Feature, boolean> }) {
  const { pathname } = useLocation();
  const rest = pathname.slice(`/project/${projectRef}`.length).replace(/\/+$/, '');
  const isActive = (match: string) => (match === '' ? rest === '' : rest === match || rest.startsWith(`${match}/`));
  return (
    <nav aria-label="Products" className="flex w-14 shrink-0 flex-col items-center gap-1 overflow-y-auto border-r border-line bg-surface py-3" data-testid="icon-bar">
      {items(projectRef, features).map((group, index) => (
        <div key={index} className={cn('flex flex-col items-center gap-1', index > 0 && 'border-t border-line pt-2 mt-1')}>
          {group
            .filter((item) => item.isShown !== false)
            .map((item) => (
              <Tooltip key={item.href} content={item.label} side="right">
                <NavLink
                  to={item.href}
                  aria-label={item.label}
                  className={cn(
                    'flex size-9 items-center justify-center rounded-md transition-colors',
                    isActive(item.match) ? 'bg-surface-3 text-fg' : 'text-fg-subtle hover:bg-surface-2 hover:text-fg',
                  )}
                >
                  <item.icon className="size-[18px]" strokeWidth={1.75} aria-hidden />
                </NavLink>
              </Tooltip>
            ))}
        </div>
      ))}
    </nav>
  );
}
