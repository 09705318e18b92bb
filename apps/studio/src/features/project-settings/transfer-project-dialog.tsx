import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Project, ProjectTransferPreview } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Select } from '../../components/ui/input.tsx';
import { useOrganizationsQuery } from '../../data/organizations/organizations-query.ts';
import { useProjectTransferMutation } from '../../data/projects/project-transfer-mutation.ts';
import { useProjectTransferPreviewQuery } from '../../data/projects/project-transfer-preview-query.ts';
import { errorMessage } from '../../lib/api.ts';

interface TransferProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function TransferProjectDialog({ project, open, onOpenChange }: TransferProjectDialogProps) {
  const navigate = useNavigate();
  const organizations = useOrganizationsQuery();
  const [targetSlug, setTargetSlug] = useState('');
  const preview = useProjectTransferPreviewQuery(project.ref, open && targetSlug ? targetSlug : undefined);
  const transfer = useProjectTransferMutation(project.ref);
  // Only organisations where the member may create projects (Owner, Administrator) can take it.
  const targets = (organizations.data ?? []).filter((org) => org.slug !== project.organization_slug && can(org.role, Action.CREATE, Resource.PROJECTS));

  useEffect(() => {
    if (open) setTargetSlug('');
  }, [open]);

  function confirm() {
    const target = targets.find((org) => org.slug === targetSlug);
    transfer.mutate(targetSlug, {
      onSuccess: (moved) => {
        onOpenChange(false);
        toast.success(`Successfully transferred project ${project.name} to ${target?.name ?? targetSlug}`);
        navigate(`/project/${moved.ref}`);
      },
      onError: (error) => toast.error(`Failed to transfer project: ${errorMessage(error)}`),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !transfer.isPending && onOpenChange(next)}>
      <DialogContent
        title={`Transfer project ${project.name}`}
        description="The project moves with its data, API keys and URL. The limits of the target organization's plan apply from then on."
        testId="transfer-project-dialog"
        size="lg"
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={transfer.isPending}>
              Cancel
            </Button>
            <Button variant="primary" disabled={!preview.data?.valid} isLoading={transfer.isPending} onClick={confirm} data-testid="transfer-project-confirm">
              Transfer project
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {targets.length === 0 && !organizations.isLoading ? (
            <p className="text-sm text-fg-muted" data-testid="transfer-project-no-targets">
              You are not an Owner or Administrator of any other organization. Create one, or ask to be made an administrator of one, first.
            </p>
          ) : (
            <Field label="Select target organization">
              {(props) => (
                <Select {...props} value={targetSlug} onChange={(e) => setTargetSlug(e.target.value)} data-testid="transfer-project-target">
                  <option value="">Choose an organization</option>
                  {targets.map((org) => (
                    <option key={org.slug} value={org.slug}>
                      {org.name} ({org.plan.name})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {targetSlug && preview.isLoading && <p className="text-sm text-fg-muted">Checking the transfer...</p>}
          {preview.error && <ErrorState title="Could not check the transfer" error={preview.error} />}
          {preview.data && <TransferPreviewNotes preview={preview.data} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TransferPreviewNotes({ preview }: { preview: ProjectTransferPreview }) {
  return (
    <div className="space-y-3 text-sm" data-testid="transfer-project-preview">
      {preview.errors.length > 0 && (
        <ul role="alert" className="space-y-1 rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-danger">
          {preview.errors.map((note) => (
            <li key={note.key}>{note.message}</li>
          ))}
        </ul>
      )}
      {preview.members_exceeding_free_project_limit.length > 0 && (
        <div className="text-fg-muted">
          Members over the free project limit of {preview.members_exceeding_free_project_limit[0].limit}:{' '}
          {preview.members_exceeding_free_project_limit.map((member) => member.name).join(', ')}
        </div>
      )}
      {preview.warnings.length > 0 && (
        <ul className="space-y-1 rounded-md border border-warning/30 bg-warning/5 px-3 py-2 text-fg">
          {preview.warnings.map((note) => (
            <li key={note.key}>{note.message}</li>
          ))}
        </ul>
      )}
      {preview.info.map((note) => (
        <p key={note.key} className="text-fg-muted">
          {note.message}
        </p>
      ))}
      {preview.valid && <p className="text-fg" data-testid="transfer-project-valid">This project can be transferred.</p>}
    </div>
  );
}
