import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useAssuranceLevelQuery } from '../../data/auth/aal-query.ts';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { withReturnTo } from '../../lib/return-to.ts';

/**
 * The sign-in shell's rule (spec §8): on a session error nothing happens; if MFA is required go to
 * /sign-in-mfa; if not signed in go to /sign-in.
 */
export function RequireSession() {
  const location = useLocation();
  const session = useSessionQuery();
  const userId = session.data?.user.id;
  const level = useAssuranceLevelQuery(userId);
  const here = location.pathname + location.search;
  // Signed out while here (sign-out, or the session ended): a plain /sign-in, not "come back here".
  const hadSession = useRef(false);
  if (session.data) hadSession.current = true;
  const returnTo = here === '/projects' || hadSession.current ? null : here;

  if (session.isPending) return <LoadingArea className="h-screen" />;
  if (session.isError) return <Outlet />;
  if (!session.data) return <Navigate to={withReturnTo('/sign-in', returnTo)} replace />;
  if (level.isPending) return <LoadingArea className="h-screen" />;
  if (level.data?.isMfaRequired) return <Navigate to={withReturnTo('/sign-in-mfa', returnTo)} replace />;
  return <Outlet />;
}
