import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectRestartMutation } from '../../data/projects/project-restart-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** Restarts the project's database and services; the request answers once the database answers again. */
export function RestartProjectPanel({ project }: { project: Project }) {
  const canRestart = useCan(project.organization_slug, Action.INFRA_EXECUTE, Resource.PAUSE);
  const restart = useProjectRestartMutation(project.ref);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isRunning = project.status === 'ACTIVE_HEALTHY';

  function confirmRestart() {
    restart.mutate(undefined, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        toast.success('Project restarted');
      },
      onError: (error) => {
        setIsConfirmOpen(false);
        toast.error(`Failed to restart project: ${errorMessage(error)}`);
      },
    });
  }

  return (
    <Panel title="Restart project" description="Restart the database and the services of the project." testId="restart-project-panel">
      <div className="flex flex-wrap items-center gap-4">
        <RotateCw className={restart.isPending ? 'size-5 animate-spin text-fg-subtle' : 'size-5 text-fg-subtle'} aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-fg">{restart.isPending ? 'Restarting project...' : 'Restart project'}</p>
          <p className="text-sm text-fg-muted">
            The database restarts, edge functions start fresh and cached API schemas are reloaded. Data is not affected.
          </p>
        </div>
        <DisabledTooltip
          isDisabled={!canRestart || !isRunning}
          content={!canRestart ? 'You need additional permissions to restart this project' : 'Only a running project can be restarted'}
        >
          <Button variant="default" disabled={!canRestart || !isRunning || restart.isPending} isLoading={restart.isPending} onClick={() => setIsConfirmOpen(true)} data-testid="restart-project">
            Restart project
          </Button>
        </DisabledTooltip>
      </div>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Restart this project?"
        description="The project will be unavailable for a few seconds"
        confirmLabel="Restart project"
        variant="warning"
        isLoading={restart.isPending}
        onConfirm={confirmRestart}
        testId="restart-project-dialog"
      >
        <p className="text-sm text-fg-muted">
          Open connections to the database of <strong className="text-fg">{project.name}</strong> are closed and requests made meanwhile
          may fail. All data is kept.
        </p>
        {restart.isPending && (
          <p className="text-sm text-fg" role="status" data-testid="restart-project-progress">
            Restarting... waiting for the database to answer again.
          </p>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
