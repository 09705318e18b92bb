import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { TypedDeletePanel } from '../../components/ui/typed-delete-panel.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectDeleteMutation } from '../../data/projects/project-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

export function DeleteProjectPanel({ project }: { project: Project }) {
  const navigate = useNavigate();
  const remove = useProjectDeleteMutation(project.ref);
  return (
    <TypedDeletePanel
      noun="project"
      panelDescription="Permanently remove the project and all of its data."
      explanation="Deleting this project also removes its database, files and API keys. Make sure you have made a backup if you want to keep your data."
      dialogTitle={`Confirm deletion of ${project.name}`}
      confirmValue={project.ref}
      confirmValueName="reference"
      consequence={
        <>
          The database of <strong className="text-fg">{project.name}</strong>, its storage files, edge functions and API keys will be permanently removed.
        </>
      }
      canDelete={useCan(project.organization_slug, Action.DELETE, Resource.PROJECTS)}
      deniedTooltip="You need additional permissions to delete this project"
      isDeleting={remove.isPending}
      onDelete={() =>
        remove.mutate(project.ref, {
          onSuccess: () => {
            toast.success(`Successfully deleted ${project.name}`);
            navigate('/projects', { replace: true });
          },
          onError: (error) => toast.error(`Failed to delete project: ${errorMessage(error)}`),
        })
      }
    />
  );
}
