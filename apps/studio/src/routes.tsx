/**
 * The whole route map (spec document 1, §2) in one place. Every page is lazy-loaded.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout, type RouteHandle } from './components/layouts/root-layout.tsx';
import { RequireSession } from './features/auth/require-session.tsx';
import { RouteErrorPage } from './features/errors/error-page.tsx';
import { LoadingArea } from './components/ui/spinner.tsx';

type PageModule = { default: ComponentType };

/** A route whose page is its own chunk. */
function page(path: string | undefined, title: string, load: () => Promise<PageModule>, extra: Partial<RouteObject> = {}): RouteObject {
  const handle: RouteHandle = { title };
  const lazy = async () => ({ Component: (await load()).default });
  return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy, ...extra } as RouteObject;
}

function redirect(path: string, to: string): RouteObject {
  return path === '' ? { index: true, element: <Navigate to={to} replace /> } : { path, element: <Navigate to={to} replace /> };
}

function layout(path: string, load: () => Promise<PageModule>, children: RouteObject[]): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }), children };
}

/** /project/{ref}/... */
const projectRoutes: RouteObject[] = [
  page(undefined, 'Project overview', () => import('./pages/project/home-page.tsx')),
  page('building', 'Setting up project', () => import('./pages/project/building-page.tsx')),

  page('editor', 'Table Editor', () => import('./pages/project/table-editor-page.tsx')),
  page('editor/:tableId', 'Table Editor', () => import('./pages/project/table-editor-page.tsx')),

  redirect('sql', '1'),
  page('sql/new', 'SQL Editor', () => import('./pages/project/sql-editor-page.tsx')),
  page('sql/templates', 'SQL Editor', () => import('./pages/project/sql-templates-page.tsx')),
  page('sql/quickstarts', 'SQL Editor', () => import('./pages/project/sql-quickstarts-page.tsx')),
  page('sql/:id', 'SQL Editor', () => import('./pages/project/sql-editor-page.tsx')),

  redirect('database', 'tables'),
  page('database/tables', 'Tables', () => import('./pages/project/database/tables-page.tsx')),
  page('database/schemas', 'Schema Visualizer', () => import('./pages/project/database/schemas-page.tsx')),
  page('database/triggers', 'Triggers', () => import('./pages/project/database/triggers-page.tsx')),
  page('database/functions', 'Database Functions', () => import('./pages/project/database/functions-page.tsx')),
  page('database/extensions', 'Extensions', () => import('./pages/project/database/extensions-page.tsx')),
  page('database/roles', 'Roles', () => import('./pages/project/database/roles-page.tsx')),
  page('database/replication', 'Replication', () => import('./pages/project/database/replication-page.tsx')),
  page('database/hooks', 'Webhooks', () => import('./pages/project/database/hooks-page.tsx')),
  page('database/cron', 'Cron', () => import('./pages/project/database/cron-page.tsx')),
  page('database/wrappers', 'Wrappers', () => import('./pages/project/database/wrappers-page.tsx')),
  page('database/backups/scheduled', 'Backups', () => import('./pages/project/database/backups-page.tsx')),
  page('database/migrations', 'Migrations', () => import('./pages/project/database/migrations-page.tsx')),
  page('database/indexes', 'Indexes', () => import('./pages/project/database/indexes-page.tsx')),
  page('database/types', 'Enumerated Types', () => import('./pages/project/database/types-page.tsx')),

  redirect('auth', 'users'),
  page('auth/users', 'Users', () => import('./pages/project/auth/users-page.tsx')),
  page('auth/inbox', 'Mail Inbox', () => import('./pages/project/auth/inbox-page.tsx')),
  page('auth/policies', 'Policies', () => import('./pages/project/auth/policies-page.tsx')),
  page('auth/providers', 'Auth Providers', () => import('./pages/project/auth/providers-page.tsx')),
  page('auth/rate-limits', 'Rate Limits', () => import('./pages/project/auth/rate-limits-page.tsx')),
  page('auth/templates', 'Email Templates', () => import('./pages/project/auth/templates-page.tsx')),
  page('auth/url-configuration', 'URL Configuration', () => import('./pages/project/auth/url-configuration-page.tsx')),

  redirect('storage', 'buckets'),
  page('storage/buckets', 'Storage', () => import('./pages/project/storage/buckets-page.tsx')),
  page('storage/buckets/:bucketId', 'Storage', () => import('./pages/project/storage/bucket-page.tsx')),
  page('storage/policies', 'Storage Policies', () => import('./pages/project/storage/policies-page.tsx')),

  page('functions', 'Edge Functions', () => import('./pages/project/functions/functions-page.tsx')),
  page('functions/new', 'Edge Functions', () => import('./pages/project/functions/new-function-page.tsx')),
  page('functions/:slug', 'Edge Functions', () => import('./pages/project/functions/function-overview-page.tsx')),
  page('functions/:slug/invocations', 'Edge Functions', () => import('./pages/project/functions/function-invocations-page.tsx')),
  page('functions/:slug/logs', 'Edge Functions', () => import('./pages/project/functions/function-logs-page.tsx')),
  page('functions/:slug/code', 'Edge Functions', () => import('./pages/project/functions/function-code-page.tsx')),
  page('functions/:slug/details', 'Edge Functions', () => import('./pages/project/functions/function-details-page.tsx')),
  redirect('realtime', 'inspector'),
  page('realtime/inspector', 'Realtime Inspector', () => import('./pages/project/realtime-inspector-page.tsx')),

  page('reports', 'Custom reports', () => import('./pages/project/reports/custom-reports-page.tsx')),
  page('reports/api-overview', 'API Gateway', () => import('./pages/project/reports/api-overview-page.tsx')),
  page('reports/storage', 'Storage report', () => import('./pages/project/reports/storage-report-page.tsx')),
  page('reports/database', 'Database report', () => import('./pages/project/reports/database-report-page.tsx')),
  page('reports/query-performance', 'Query Performance', () => import('./pages/project/reports/query-performance-page.tsx')),

  page('branches', 'Branches', () => import('./pages/project/branches-page.tsx')),

  redirect('logs', 'explorer'),
  page('logs/explorer', 'Logs Explorer', () => import('./pages/project/logs/explorer-page.tsx')),
  page('logs/explorer/saved', 'Saved queries', () => import('./pages/project/logs/saved-page.tsx')),
  page('logs/explorer/recent', 'Recent queries', () => import('./pages/project/logs/recent-page.tsx')),
  page('logs/explorer/templates', 'Query templates', () => import('./pages/project/logs/templates-page.tsx')),
  page('logs/edge-logs', 'API Edge Network logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/postgres-logs', 'Postgres logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/postgrest-logs', 'PostgREST logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/pooler-logs', 'Pooler logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/auth-logs', 'Auth logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/storage-logs', 'Storage logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/realtime-logs', 'Realtime logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/function-edge-logs', 'Function Edge logs', () => import('./pages/project/logs/source-logs-page.tsx')),
  page('logs/function-logs', 'Function Runtime logs', () => import('./pages/project/logs/source-logs-page.tsx')),

  // ?page=auth|users|tables-intro|rpc-intro, ?resource={table}, ?rpc={function}
  page('api', 'API Docs', () => import('./pages/project/api-docs-page.tsx')),
  page('api/graphiql', 'GraphiQL', () => import('./pages/project/graphiql-page.tsx')),

  redirect('settings', 'general'),
  page('settings/general', 'Project Settings', () => import('./pages/project/settings-general-page.tsx')),
  page('settings/infrastructure', 'Infrastructure', () => import('./pages/project/settings-infrastructure-page.tsx')),
  page('settings/database', 'Database Settings', () => import('./pages/project/settings-database-page.tsx')),
  page('settings/api', 'API Settings', () => import('./pages/project/api-settings-page.tsx')),
  page('settings/auth', 'Auth Settings', () => import('./pages/project/settings-auth-page.tsx')),
  page('settings/storage', 'Storage Settings', () => import('./pages/project/settings-storage-page.tsx')),
  page('settings/functions', 'Edge Function Settings', () => import('./pages/project/settings-functions-page.tsx')),
  // ?panel=compute|pitr|custom_domain|ipv4
  page('settings/addons', 'Add-ons', () => import('./pages/project/settings-addons-page.tsx')),
  redirect('settings/vault', 'secrets'),
  page('settings/vault/secrets', 'Vault', () => import('./pages/project/settings-vault-page.tsx')),
  page('settings/integrations', 'Integrations', () => import('./pages/project/settings-integrations-page.tsx')),
];

/** /org/{slug}/... */
const organizationRoutes: RouteObject[] = [
  redirect('', 'general'),
  page('general', 'Organization Settings', () => import('./pages/org/general-page.tsx')),
  page('team', 'Team', () => import('./pages/org/team-page.tsx')),
  page('integrations', 'Integrations', () => import('./pages/org/integrations-page.tsx')),
  // ?panel=subscriptionPlan
  page('billing', 'Billing', () => import('./pages/org/billing-page.tsx')),
  // ?projectRef={ref}
  page('usage', 'Usage', () => import('./pages/org/usage-page.tsx')),
  page('invoices', 'Invoices', () => import('./pages/org/invoices-page.tsx')),
  page('apps', 'OAuth Apps', () => import('./pages/org/apps-page.tsx')),
  page('sso', 'SSO', () => import('./pages/org/sso-page.tsx')),
  page('audit', 'Audit Logs', () => import('./pages/org/audit-page.tsx')),
  page('documents', 'Legal Documents', () => import('./pages/org/documents-page.tsx')),
];

/** /account/... */
const accountRoutes: RouteObject[] = [
  redirect('', 'me'),
  page('me', 'Preferences', () => import('./pages/account/me-page.tsx')),
  page('tokens', 'Access Tokens', () => import('./pages/account/tokens-page.tsx')),
  page('security', 'Security', () => import('./pages/account/security-page.tsx')),
  page('audit', 'Audit logs', () => import('./pages/account/audit-page.tsx')),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingArea className="h-screen" />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      page('sign-in', 'Sign in', () => import('./pages/sign-in-page.tsx')),
      // The organisation's identity provider sends the browser back here (?code= or ?error=).
      page('sign-in/sso', 'Continue with SSO', () => import('./pages/sign-in-sso-page.tsx')),
      page('sign-up', 'Sign up', () => import('./pages/sign-up-page.tsx')),
      page('sign-in-mfa', 'Two-factor authentication', () => import('./pages/sign-in-mfa-page.tsx')),
      {
        element: <RequireSession />,
        errorElement: <RouteErrorPage />,
        children: [
          page('projects', 'Projects', () => import('./pages/projects-page.tsx')),
          page('new', 'Create an organization', () => import('./pages/new-organization-page.tsx')),
          // The consent screen of the OAuth apps' authorization-code flow (?auth_id=).
          page('authorize', 'Authorize application', () => import('./pages/authorize-page.tsx')),
          page('new/:slug', 'Create a new project', () => import('./pages/new-project-page.tsx')),
          { ...layout('project/:ref', () => import('./components/layouts/project-layout.tsx'), projectRoutes), errorElement: <RouteErrorPage /> },
          { ...layout('org/:slug', () => import('./components/layouts/org-layout.tsx'), organizationRoutes), errorElement: <RouteErrorPage /> },
          { ...layout('account', () => import('./components/layouts/account-layout.tsx'), accountRoutes), errorElement: <RouteErrorPage /> },
          // ?category=&ref=&subject=&message=
          page('support/new', 'Support', () => import('./pages/support-page.tsx')),
        ],
      },
      page('*', 'Page not found', () => import('./pages/not-found-page.tsx')),
    ],
  },
];

export const router = createBrowserRouter(routes);
