import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Organization } from '@plinth/api-contract';
import { RenamePanel } from '../../components/ui/rename-panel.tsx';
import { useOrganizationUpdateMutation } from '../../data/organizations/organization-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

export function OrganizationNamePanel({ organization }: { organization: Organization }) {
  const update = useOrganizationUpdateMutation(organization.slug);
  return (
    <RenamePanel
      title="Organization details"
      noun="organization"
      currentName={organization.name}
      identifier={{ label: 'Organization slug', value: organization.slug }}
      canUpdate={can(organization.role, Action.UPDATE, Resource.ORGANIZATION)}
      isSaving={update.isPending}
      onSave={(name) =>
        update.mutate(
          { name },
          {
            onSuccess: () => toast.success('Successfully saved settings'),
            onError: (e) => toast.error(`Failed to update organization: ${errorMessage(e)}`),
          },
        )
      }
      testId="save-organization-name"
    />
  );
}
