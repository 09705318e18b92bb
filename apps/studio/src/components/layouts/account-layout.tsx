import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import { SideMenu } from './side-menu.tsx';

const ACCOUNT_MENU = [
  {
    title: 'Account Settings',
    items: [
      { label: 'Preferences', href: '/account/me' },
      { label: 'Access Tokens', href: '/account/tokens' },
      { label: 'Security', href: '/account/security' },
    ],
  },
  {
    title: 'Logs',
    items: [{ label: 'Audit logs', href: '/account/audit' }],
  },
];

export function AccountLayout() {
  return (
    <div className="flex h-full flex-col">
      <AppHeader crumbs={[{ label: 'Account', to: '/account/me' }]} />
      <div className="flex min-h-0 flex-1">
        <SideMenu title="Account" groups={ACCOUNT_MENU} />
        <main className="min-h-0 flex-1 overflow-y-auto">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default AccountLayout;
