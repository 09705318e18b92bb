import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectUpdateMutation } from '../../data/projects/project-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

function validateName(name: string): string | null {
  if (!name.trim()) return 'Please provide a project name';
  if (name.trim().length > 64) return 'Project name must be at most 64 characters';
  return null;
}

export function ProjectNamePanel({ project }: { project: Project }) {
  const canUpdate = useCan(project.organization_slug, Action.UPDATE, Resource.PROJECTS);
  const update = useProjectUpdateMutation(project.ref);
  const [name, setName] = useState(project.name);
  const [isTouched, setIsTouched] = useState(false);
  useEffect(() => setName(project.name), [project.name]);
  const error = validateName(name);
  const isDirty = name.trim() !== project.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error || !isDirty) return;
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => toast.success('Successfully saved settings'),
        onError: (e) => toast.error(`Failed to update project: ${errorMessage(e)}`),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="General settings">
      <Panel
        title="General settings"
        footer={
          <>
            <Button variant="outline" disabled={!isDirty || update.isPending} onClick={() => setName(project.name)}>
              Cancel
            </Button>
            <DisabledTooltip isDisabled={!canUpdate} content="You need additional permissions to update this project">
              <Button type="submit" variant="primary" isLoading={update.isPending} disabled={!canUpdate || !isDirty} data-testid="save-project-name">
                Save
              </Button>
            </DisabledTooltip>
          </>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="Project name" error={isTouched ? error : null}>
            {(props) => (
              <Input {...props} name="name" value={name} disabled={!canUpdate} onChange={(e) => setName(e.target.value)} onBlur={() => setIsTouched(true)} />
            )}
          </Field>
          <Field label="Project ID" description="The reference used in URLs and API endpoints.">
            {(props) => (
              <div className="flex gap-2">
                <Input {...props} value={project.ref} readOnly className="font-mono" />
                <CopyButton value={project.ref} />
              </div>
            )}
          </Field>
        </div>
      </Panel>
    </form>
  );
}
