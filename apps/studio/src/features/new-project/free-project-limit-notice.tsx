import { AlertTriangle } from 'lucide-react';
import type { FreeProjectLimitMember } from '../../data/organizations/free-project-limit-query.ts';

/** Who in the organisation is at the free-project limit; creating is blocked until they free a slot. */
export function FreeProjectLimitNotice({ members }: { members: FreeProjectLimitMember[] }) {
  return (
    <div role="alert" className="rounded-lg border border-warning/40 bg-warning/10 px-4 py-3.5 text-sm" data-testid="free-project-limit">
      <div className="flex items-center gap-2 font-medium text-fg">
        <AlertTriangle className="size-4 text-warning" aria-hidden />
        The following members have reached their maximum limits for the number of active free projects
      </div>
      <ul className="mt-2 space-y-1 pl-6 text-fg-muted">
        {members.map((member) => (
          <li key={member.primary_email} className="list-disc">
            {member.username} ({member.primary_email}): {member.free_project_limit} free projects
          </li>
        ))}
      </ul>
      <p className="mt-2 text-fg-muted">
        They must delete, pause or upgrade one of their free projects before a new project can be created in this organization.
      </p>
    </div>
  );
}
