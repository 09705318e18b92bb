import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import type { FreeProjectLimitMember } from '../../data/organizations/free-project-limit-query.ts';

interface RestoreBlockedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: FreeProjectLimitMember[];
}

export function RestoreBlockedDialog({ open, onOpenChange, members }: RestoreBlockedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Your organization has members who have exceeded their free project limits"
        testId="restore-blocked-dialog"
        footer={<Button onClick={() => onOpenChange(false)}>Understood</Button>}
      >
        <div className="space-y-3 text-sm text-fg-muted">
          <p>
            The following members have reached their maximum limits for the number of active free plan projects within
            organizations where they are an administrator or owner:
          </p>
          <ul className="divide-y divide-line rounded-md border border-line">
            {members.map((member) => (
              <li key={member.primary_email} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 truncate text-fg">
                  {member.username} <span className="text-fg-subtle">({member.primary_email})</span>
                </span>
                <span className="shrink-0 text-xs">Limit: {member.free_project_limit} free projects</span>
              </li>
            ))}
          </ul>
          <p>These members must delete, pause or upgrade one or more of their projects before this project can be unpaused.</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
