import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Organization } from '@plinth/api-contract';
import { TypedDeletePanel } from '../../components/ui/typed-delete-panel.tsx';
import { useOrganizationDeleteMutation } from '../../data/organizations/organization-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

export function DeleteOrganizationPanel({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const remove = useOrganizationDeleteMutation(organization.slug);
  return (
    <TypedDeletePanel
      noun="organization"
      panelDescription="Permanently remove the organization, all of its projects and their data."
      explanation="Deleting this organization also removes every project in it, with its database, files and API keys."
      dialogTitle={`Delete organization ${organization.name}`}
      confirmValue={organization.slug}
      confirmValueName="slug"
      consequence={
        <>
          All projects of <strong className="text-fg">{organization.name}</strong> and their data will be permanently removed.
        </>
      }
      canDelete={can(organization.role, Action.DELETE, Resource.ORGANIZATION)}
      deniedTooltip="Only owners can delete an organization"
      isDeleting={remove.isPending}
      onDelete={() =>
        remove.mutate(organization.slug, {
          onSuccess: () => {
            toast.success(`Successfully deleted ${organization.name}`);
            navigate('/projects', { replace: true });
          },
          onError: (error) => toast.error(`Failed to delete organization: ${errorMessage(error)}`),
        })
      }
    />
  );
}
