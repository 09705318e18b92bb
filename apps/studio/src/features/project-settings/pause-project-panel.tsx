import { useState } from 'react';
import { PauseCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectPauseMutation } from '../../data/projects/project-pause-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { RestoreButton } from '../lifecycle/restore-button.tsx';

export function PauseProjectPanel({ project }: { project: Project }) {
  const canPause = useCan(project.organization_slug, Action.INFRA_EXECUTE, Resource.PAUSE);
  const pause = useProjectPauseMutation(project.ref);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isPaused = project.status === 'INACTIVE';
  const isRunning = project.status === 'ACTIVE_HEALTHY';

  function confirmPause() {
    pause.mutate(undefined, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        toast.success('Pausing project');
      },
      onError: (error) => toast.error(`Failed to pause project: ${errorMessage(error)}`),
    });
  }

  return (
    <Panel title="Project availability" description="Pause or restore the project.">
      <div className="flex flex-wrap items-center gap-4">
        <PauseCircle className="size-5 text-fg-subtle" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-fg">{isPaused ? 'This project is paused' : 'Pause project'}</p>
          <p className="text-sm text-fg-muted">
            {isPaused
              ? 'Its data is intact. Restore it to make the database and the APIs available again.'
              : 'Your project will not be accessible while it is paused. Its data is kept and you can restore it at any time.'}
          </p>
        </div>
        {isPaused ? (
          <RestoreButton project={project} variant="default" />
        ) : (
          <DisabledTooltip isDisabled={!canPause || !isRunning} content={!canPause ? 'You need additional permissions to pause this project' : 'Only a running project can be paused'}>
            <Button variant="warning" disabled={!canPause || !isRunning} onClick={() => setIsConfirmOpen(true)} data-testid="pause-project">
              Pause project
            </Button>
          </DisabledTooltip>
        )}
      </div>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Pause this project?"
        description={`"${project.name}" will not be accessible while it is paused.`}
        confirmLabel="Pause project"
        variant="warning"
        isLoading={pause.isPending}
        onConfirm={confirmPause}
        testId="pause-project-dialog"
      >
        <p className="text-sm text-fg-muted">
          Its database, auth, storage and APIs stop answering. All data is kept, and the project can be restored later with its
          data as of the moment it was paused.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
