import { useState } from 'react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useOrganization } from '../../data/organizations/organizations-query.ts';
import { useFreeProjectLimitQuery } from '../../data/organizations/free-project-limit-query.ts';
import { useProjectRestoreMutation } from '../../data/projects/project-restore-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { RestoreBlockedDialog } from './restore-blocked-dialog.tsx';

/**
 * Restore a paused project (INFRA_EXECUTE on initialize-or-resume). Members of a free organisation at
 * their free-project limit block the restore; the dialog says who.
 */
export function RestoreButton({ project, variant = 'primary' }: { project: Project; variant?: 'primary' | 'default' }) {
  const slug = project.organization_slug;
  const canResume = useCan(slug, Action.INFRA_EXECUTE, Resource.INITIALIZE_OR_RESUME);
  const { organization } = useOrganization(slug);
  const isFreePlan = organization?.plan.id === 'free';
  const limit = useFreeProjectLimitQuery(slug, { enabled: isFreePlan });
  const restore = useProjectRestoreMutation(project.ref);
  const [isBlockedOpen, setIsBlockedOpen] = useState(false);
  const membersAtLimit = isFreePlan ? (limit.data ?? []) : [];

  function handleClick() {
    if (!canResume) {
      toast.error('You do not have the required permissions to restore this project');
      return;
    }
    if (!project.ref) {
      toast.error('Unable to restore: project is required');
      return;
    }
    if (membersAtLimit.length > 0) {
      setIsBlockedOpen(true);
      return;
    }
    restore.mutate(undefined, {
      onSuccess: () => toast.success('Restoring project'),
      onError: (error) => toast.error(`Failed to restore project: ${errorMessage(error)}`),
    });
  }

  return (
    <>
      <Tooltip content="You need additional permissions to resume this project" isEnabled={!canResume}>
        <Button
          variant={variant}
          onClick={handleClick}
          isLoading={restore.isPending}
          aria-disabled={!canResume || undefined}
          className={!canResume ? 'cursor-not-allowed opacity-50' : undefined}
          data-testid="restore-project"
        >
          Restore project
        </Button>
      </Tooltip>
      <RestoreBlockedDialog open={isBlockedOpen} onOpenChange={setIsBlockedOpen} members={membersAtLimit} />
    </>
  );
}
