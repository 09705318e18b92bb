import { Outlet, useParams } from 'react-router';
import { Feature, hasFeature } from '@plinth/permissions';
import { AppHeader } from './app-header.tsx';
import { SideMenu, type MenuGroup } from './side-menu.tsx';
import { Badge } from '../ui/badge.tsx';
import { LoadingArea } from '../ui/spinner.tsx';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { ErrorPage } from '../../features/errors/error-page.tsx';
import { NotFoundPage } from '../../features/errors/not-found-page.tsx';

function orgMenu(slug: string, canSeeInvoices: boolean): MenuGroup[] {
  const base = `/org/${slug}`;
  return [
    {
      title: 'Organization',
      items: [
        { label: 'General', href: `${base}/general` },
        { label: 'Team', href: `${base}/team` },
        { label: 'Integrations', href: `${base}/integrations` },
        { label: 'OAuth Apps', href: `${base}/apps` },
        { label: 'SSO', href: `${base}/sso` },
        { label: 'Audit Logs', href: `${base}/audit` },
        { label: 'Legal Documents', href: `${base}/documents` },
      ],
    },
    {
      title: 'Billing',
      items: [
        { label: 'Billing', href: `${base}/billing` },
        { label: 'Usage', href: `${base}/usage` },
        ...(canSeeInvoices ? [{ label: 'Invoices', href: `${base}/invoices` }] : []),
      ],
    },
  ];
}

export function OrgLayout() {
  const { slug = '' } = useParams();
  const { organization, isLoading, error } = useOrganization(slug);
  return (
    <div className="flex h-full flex-col">
      <AppHeader
        crumbs={[
          {
            label: (
              <span className="inline-flex items-center gap-2">
                {organization?.name ?? slug}
                {organization && <Badge>{organization.plan.name}</Badge>}
              </span>
            ),
            to: `/org/${slug}/general`,
            testId: 'breadcrumb-organization',
          },
        ]}
      />
      <div className="flex min-h-0 flex-1">
        <SideMenu title={organization?.name ?? 'Organization'} groups={orgMenu(slug, hasFeature(organization?.role, Feature.BILLING_INVOICES))} />
        <main className="min-h-0 flex-1 overflow-y-auto">
          {isLoading ? <LoadingArea /> : error ? <ErrorPage error={error} isFullPage={false} /> : !organization ? <NotFoundPage isFullPage={false} /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}

export default OrgLayout;
