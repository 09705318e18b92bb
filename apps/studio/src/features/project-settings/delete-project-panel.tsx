import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectDeleteMutation } from '../../data/projects/project-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

export function DeleteProjectPanel({ project }: { project: Project }) {
  const navigate = useNavigate();
  const canDelete = useCan(project.organization_slug, Action.DELETE, Resource.PROJECTS);
  const remove = useProjectDeleteMutation(project.ref);
  const [isOpen, setIsOpen] = useState(false);

  function confirmDelete() {
    remove.mutate(project.ref, {
      onSuccess: () => {
        toast.success(`Successfully deleted ${project.name}`);
        navigate('/projects', { replace: true });
      },
      onError: (error) => toast.error(`Failed to delete project: ${errorMessage(error)}`),
    });
  }

  return (
    <Panel tone="danger" title="Delete project" description="Permanently remove the project and all of its data.">
      <div className="flex flex-wrap items-center gap-4">
        <p className="min-w-0 flex-1 text-sm text-fg-muted">
          Deleting this project also removes its database, files and API keys. Make sure you have made a backup if you want to
          keep your data.
        </p>
        <DisabledTooltip isDisabled={!canDelete} content="You need additional permissions to delete this project">
          <Button variant="danger" disabled={!canDelete} onClick={() => setIsOpen(true)} data-testid="delete-project">
            Delete project
          </Button>
        </DisabledTooltip>
      </div>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Confirm deletion of ${project.name}`}
        description="This action cannot be undone."
        confirmLabel="I understand, delete this project"
        variant="danger"
        isLoading={remove.isPending}
        confirmValue={project.ref}
        confirmValueLabel={
          <>
            Type the project reference <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-xs">{project.ref}</code> to confirm.
          </>
        }
        onConfirm={confirmDelete}
        testId="delete-project-dialog"
      >
        <p className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-fg-muted">
          The database of <strong className="text-fg">{project.name}</strong>, its storage files, edge functions and API keys will be
          permanently removed.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
