import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import { domainOf, SSO_PLANS } from './settings.ts';

/**
 * Password sign-in, refused to a member of an organisation that requires SSO when the member's
 * address is on one of its domains (while its plan includes SSO). Called by the platform's auth
 * once the password is known to be right, so a wrong one still reads as invalid credentials.
 */
export async function assertPasswordSignInAllowed(db: Queryable, user: { id: string; email: string }): Promise<void> {
  const { rows } = await db.query(
    `select 1 from dashboard_sso s
       join organizations o on o.id = s.organization_id and o.plan = any($3::text[])
       join dashboard_sso_domains d on d.organization_id = s.organization_id and d.domain = $2
       join members m on m.organization_id = s.organization_id and m.user_id = $1
      where s.enabled and s.enforced limit 1`,
    [user.id, domainOf(user.email), SSO_PLANS],
  );
  if (rows.length > 0) throw new PlinthError('sso_required');
}
