import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Organization } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useOrganizationUpdateMutation } from '../../data/organizations/organization-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

function validateName(name: string): string | null {
  if (!name.trim()) return 'Please provide an organization name';
  if (name.trim().length > 64) return 'Organization name must be at most 64 characters';
  return null;
}

export function OrganizationNamePanel({ organization }: { organization: Organization }) {
  const canUpdate = can(organization.role, Action.UPDATE, Resource.ORGANIZATION);
  const update = useOrganizationUpdateMutation(organization.slug);
  const [name, setName] = useState(organization.name);
  const [isTouched, setIsTouched] = useState(false);
  useEffect(() => setName(organization.name), [organization.name]);
  const error = validateName(name);
  const isDirty = name.trim() !== organization.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error || !isDirty) return;
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => toast.success('Successfully saved settings'),
        onError: (e) => toast.error(`Failed to update organization: ${errorMessage(e)}`),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Organization details">
      <Panel
        title="Organization details"
        footer={
          <>
            <Button variant="outline" disabled={!isDirty || update.isPending} onClick={() => setName(organization.name)}>
              Cancel
            </Button>
            <DisabledTooltip isDisabled={!canUpdate} content="You need additional permissions to update this organization">
              <Button type="submit" variant="primary" isLoading={update.isPending} disabled={!canUpdate || !isDirty} data-testid="save-organization-name">
                Save
              </Button>
            </DisabledTooltip>
          </>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="Organization name" error={isTouched ? error : null}>
            {(props) => (
              <Input {...props} name="name" value={name} disabled={!canUpdate} onChange={(e) => setName(e.target.value)} onBlur={() => setIsTouched(true)} />
            )}
          </Field>
          <Field label="Organization slug">
            {(props) => (
              <div className="flex gap-2">
                <Input {...props} value={organization.slug} readOnly className="font-mono" />
                <CopyButton value={organization.slug} />
              </div>
            )}
          </Field>
        </div>
      </Panel>
    </form>
  );
}
