import { FileClock, LifeBuoy, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { useSignOutMutation } from '../../data/auth/sign-out-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { initials } from '../../lib/format.ts';

/** The avatar menu in every header: account pages, support and sign-out. */
export function AccountMenu() {
  const navigate = useNavigate();
  const session = useSessionQuery();
  const signOut = useSignOutMutation();
  const email = session.data?.user.email ?? '';

  function handleSignOut() {
    signOut.mutate(undefined, {
      onSuccess: () => navigate('/sign-in', { replace: true }),
      onError: (error) => toast.error(`Failed to sign out: ${errorMessage(error)}`),
    });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex size-8 items-center justify-center rounded-full border border-line-strong bg-surface-3 text-xs font-semibold text-fg hover:border-fg-subtle"
        aria-label="Account menu"
        data-testid="account-menu"
      >
        {email ? initials(email) : '?'}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block text-[11px] uppercase tracking-wide">Signed in as</span>
          <span className="block truncate text-sm text-fg">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={<Settings />} onSelect={() => navigate('/account/me')}>
          Account preferences
        </DropdownMenuItem>
        <DropdownMenuItem icon={<ShieldCheck />} onSelect={() => navigate('/account/security')}>
          Security
        </DropdownMenuItem>
        <DropdownMenuItem icon={<FileClock />} onSelect={() => navigate('/account/audit')}>
          Audit logs
        </DropdownMenuItem>
        <DropdownMenuItem icon={<LifeBuoy />} onSelect={() => navigate('/support/new')}>
          Support
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={<LogOut />} onSelect={handleSignOut} disabled={signOut.isPending}>
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
