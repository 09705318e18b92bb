import { Feature } from '@plinth/permissions';
import { IS_PLATFORM } from '../../lib/constants.ts';
import type { MenuGroup, MenuItem } from './side-menu.tsx';

/** Sections of a project that have a product menu. */
export type MenuSection = 'settings' | 'reports' | 'auth' | 'database' | 'logs';

export interface MenuContext {
  ref: string;
  slug: string | undefined;
  features: Record<Feature, boolean>;
  /**
   * Webhooks need the pg_net ("network") extension. hasWrappersExtension (Supabase's `wrappers`)
   * no longer gates the menu: Plinth's Wrappers page is postgres_fdw's and always listed.
   */
  hasNetworkExtension: boolean;
  hasWrappersExtension: boolean;
  isSavedLogsEnabled: boolean;
}

const SECTION_TITLES: Record<MenuSection, string> = {
  settings: 'Project Settings',
  reports: 'Reports',
  auth: 'Authentication',
  database: 'Database',
  logs: 'Logs',
};

export function menuSectionOf(pathAfterRef: string): MenuSection | null {
  const first = pathAfterRef.split('/').filter(Boolean)[0];
  return first === 'settings' || first === 'reports' || first === 'auth' || first === 'database' || first === 'logs' ? first : null;
}

/** Keeps entries whose condition holds (hosted-only entries show while IS_PLATFORM). */
function only(...entries: [boolean, MenuItem][]): MenuItem[] {
  return entries.filter(([isShown]) => isShown).map(([, item]) => item);
}

export function projectMenu(section: MenuSection, ctx: MenuContext): { title: string; groups: MenuGroup[] } {
  const base = `/project/${ctx.ref}`;
  const f = ctx.features;
  const groups: Record<MenuSection, () => MenuGroup[]> = {
    settings: () => [
      {
        title: 'Project Settings',
        items: only(
          [true, { label: 'General', href: `${base}/settings/general` }],
          [true, { label: 'Infrastructure', href: `${base}/settings/infrastructure` }],
          [IS_PLATFORM, { label: 'Integrations', href: `${base}/settings/integrations` }],
          [true, { label: 'Add-ons', href: `${base}/settings/addons` }],
          [true, { label: 'Vault', href: `${base}/settings/vault/secrets`, badge: 'BETA' }],
        ),
      },
      {
        title: 'Configuration',
        items: only(
          [true, { label: 'Database', href: `${base}/settings/database` }],
          [true, { label: 'API', href: `${base}/settings/api` }],
          [f[Feature.PROJECT_AUTH], { label: 'Authentication', href: `${base}/settings/auth` }],
          [f[Feature.PROJECT_STORAGE], { label: 'Storage', href: `${base}/settings/storage` }],
          [f[Feature.PROJECT_EDGE_FUNCTION], { label: 'Edge Functions', href: `${base}/settings/functions` }],
        ),
      },
      {
        title: 'Billing',
        items: ctx.slug
          ? [
              { label: 'Subscription', href: `/org/${ctx.slug}/billing` },
              { label: 'Usage', href: `/org/${ctx.slug}/usage?projectRef=${ctx.ref}` },
            ]
          : [],
      },
    ],
    reports: () => [
      {
        items: [{ label: 'Custom reports', href: `${base}/reports`, isExact: true }],
      },
      {
        title: 'Built-in reports',
        items: [
          { label: 'API Gateway', href: `${base}/reports/api-overview` },
          { label: 'Storage', href: `${base}/reports/storage`, badge: 'NEW' },
          { label: 'Database', href: `${base}/reports/database` },
          { label: 'Query Performance', href: `${base}/reports/query-performance` },
        ],
      },
    ],
    auth: () => [
      {
        title: 'Manage',
        items: [
          { label: 'Users', href: `${base}/auth/users` },
          { label: 'Mail Inbox', href: `${base}/auth/inbox` },
        ],
      },
      {
        title: 'Configuration',
        items: only(
          [true, { label: 'Policies', href: `${base}/auth/policies` }],
          [IS_PLATFORM, { label: 'Providers', href: `${base}/auth/providers` }],
          [IS_PLATFORM, { label: 'Rate Limits', href: `${base}/auth/rate-limits` }],
          [IS_PLATFORM, { label: 'Email Templates', href: `${base}/auth/templates` }],
          [IS_PLATFORM, { label: 'URL Configuration', href: `${base}/auth/url-configuration` }],
        ),
      },
    ],
    database: () => [
      {
        title: 'Database Management',
        items: [
          { label: 'Schema Visualizer', href: `${base}/database/schemas` },
          { label: 'Tables', href: `${base}/database/tables` },
          { label: 'Functions', href: `${base}/database/functions` },
          { label: 'Triggers', href: `${base}/database/triggers` },
          { label: 'Enumerated Types', href: `${base}/database/types` },
          { label: 'Extensions', href: `${base}/database/extensions` },
          { label: 'Indexes', href: `${base}/database/indexes` },
        ],
      },
      {
        title: 'Access Control',
        items: [{ label: 'Roles', href: `${base}/database/roles` }],
      },
      {
        title: 'Platform',
        items: only(
          [true, { label: 'Replication', href: `${base}/database/replication` }],
          // Always: the spec lists Backups as hosted-only, but every Plinth installation makes them
          // (daily by plan, and "Back up now" on every engine), so self-hosters see the page too.
          [true, { label: 'Backups', href: `${base}/database/backups/scheduled` }],
          [true, { label: 'Migrations', href: `${base}/database/migrations` }],
          [true, { label: 'Cron', href: `${base}/database/cron` }],
          [ctx.hasNetworkExtension, { label: 'Webhooks', href: `${base}/database/hooks` }],
          // Always: the spec's route map lists Wrappers in the database menu, and Plinth's page is
          // postgres_fdw (it enables it, or says why the engine has none); Supabase's `wrappers`
          // extension, which the flag tracks, exists on no Plinth engine.
          [true, { label: 'Wrappers', href: `${base}/database/wrappers` }],
        ),
      },
    ],
    logs: () => [
      {
        items: only(
          [true, { label: 'Logs Explorer', href: `${base}/logs/explorer`, isExact: true }],
          [ctx.isSavedLogsEnabled, { label: 'Saved', href: `${base}/logs/explorer/saved` }],
          [true, { label: 'Recent', href: `${base}/logs/explorer/recent` }],
          [true, { label: 'Templates', href: `${base}/logs/explorer/templates` }],
        ),
      },
      {
        title: 'Collections',
        items: only(
          [true, { label: IS_PLATFORM ? 'API Edge Network' : 'Kong API', href: `${base}/logs/edge-logs` }],
          [true, { label: 'Postgres', href: `${base}/logs/postgres-logs` }],
          [true, { label: 'PostgREST', href: `${base}/logs/postgrest-logs` }],
          [IS_PLATFORM, { label: 'Pooler', href: `${base}/logs/pooler-logs` }],
          [f[Feature.PROJECT_AUTH], { label: 'Auth', href: `${base}/logs/auth-logs` }],
          [f[Feature.PROJECT_STORAGE], { label: 'Storage', href: `${base}/logs/storage-logs` }],
          [f[Feature.REALTIME], { label: 'Realtime', href: `${base}/logs/realtime-logs` }],
          [true, { label: 'Function Edge', href: `${base}/logs/function-edge-logs` }],
          [true, { label: 'Function Runtime', href: `${base}/logs/function-logs` }],
        ),
      },
    ],
  };
  return { title: SECTION_TITLES[section], groups: groups[section]() };
}
