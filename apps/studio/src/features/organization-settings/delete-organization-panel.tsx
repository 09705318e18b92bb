import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Organization } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useOrganizationDeleteMutation } from '../../data/organizations/organization-delete-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

export function DeleteOrganizationPanel({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const canDelete = can(organization.role, Action.DELETE, Resource.ORGANIZATION);
  const remove = useOrganizationDeleteMutation(organization.slug);
  const [isOpen, setIsOpen] = useState(false);

  function confirmDelete() {
    remove.mutate(organization.slug, {
      onSuccess: () => {
        toast.success(`Successfully deleted ${organization.name}`);
        navigate('/projects', { replace: true });
      },
      onError: (error) => toast.error(`Failed to delete organization: ${errorMessage(error)}`),
    });
  }

  return (
    <Panel tone="danger" title="Delete organization" description="Permanently remove the organization, all of its projects and their data.">
      <div className="flex flex-wrap items-center gap-4">
        <p className="min-w-0 flex-1 text-sm text-fg-muted">
          Deleting this organization also removes every project in it, with its database, files and API keys.
        </p>
        <DisabledTooltip isDisabled={!canDelete} content="Only owners can delete an organization">
          <Button variant="danger" disabled={!canDelete} onClick={() => setIsOpen(true)} data-testid="delete-organization">
            Delete organization
          </Button>
        </DisabledTooltip>
      </div>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Delete organization ${organization.name}`}
        description="This action cannot be undone."
        confirmLabel="I understand, delete this organization"
        variant="danger"
        isLoading={remove.isPending}
        confirmValue={organization.slug}
        confirmValueLabel={
          <>
            Type the organization slug <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-xs">{organization.slug}</code> to confirm.
          </>
        }
        onConfirm={confirmDelete}
        testId="delete-organization-dialog"
      >
        <p className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-fg-muted">
          All projects of <strong className="text-fg">{organization.name}</strong> and their data will be permanently removed.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
