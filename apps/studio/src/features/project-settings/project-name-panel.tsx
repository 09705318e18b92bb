import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { RenamePanel } from '../../components/ui/rename-panel.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectUpdateMutation } from '../../data/projects/project-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

export function ProjectNamePanel({ project }: { project: Project }) {
  const canUpdate = useCan(project.organization_slug, Action.UPDATE, Resource.PROJECTS);
  const update = useProjectUpdateMutation(project.ref);
  return (
    <RenamePanel
      title="General settings"
      noun="project"
      currentName={project.name}
      identifier={{ label: 'Project ID', value: project.ref, description: 'The reference used in URLs and API endpoints.' }}
      canUpdate={canUpdate}
      isSaving={update.isPending}
      onSave={(name) =>
        update.mutate(
          { name },
          {
            onSuccess: () => toast.success('Successfully saved settings'),
            onError: (e) => toast.error(`Failed to update project: ${errorMessage(e)}`),
          },
        )
      }
      testId="save-project-name"
    />
  );
}
