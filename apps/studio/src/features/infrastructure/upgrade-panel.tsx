import { useState } from 'react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import type { ProjectInfrastructure } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useProjectUpgradeMutation } from '../../data/infrastructure/project-upgrade-mutation.ts';
import { useCan } from '../../data/permissions/can.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * The PostgreSQL majors open to the project and, when one is, "Upgrade project": a confirmation that
 * says the project is offline meanwhile, then the upgrading screen takes over the main area.
 */
export function UpgradePanel({ projectRef, upgrade }: { projectRef: string; upgrade: ProjectInfrastructure['upgrade'] }) {
  const project = useProjectQuery(projectRef).data;
  const canUpgrade = useCan(project?.organization_slug, Action.INFRA_EXECUTE, Resource.PAUSE);
  const start = useProjectUpgradeMutation(projectRef);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  // Newest first, as eligibility lists them: the upgrade goes to the newest major offered.
  const target = upgrade.target_upgrade_versions[0]?.postgres_version;
  const targets = upgrade.target_upgrade_versions.map((t) => `PostgreSQL ${t.postgres_version}`).join(', ');

  function confirmUpgrade() {
    if (!target) return;
    start.mutate(target, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        toast.success(`Upgrading project to PostgreSQL ${target}`);
      },
      onError: (error) => toast.error(`Failed to upgrade project: ${errorMessage(error)}`),
    });
  }

  return (
    <Panel title="Postgres upgrade" description="Newer PostgreSQL major versions this project could move to." testId="upgrade-panel">
      {upgrade.eligible && target ? (
        <div className="flex flex-wrap items-center gap-4" data-testid="upgrade-eligible">
          <div className="min-w-0 flex-1 space-y-1 text-sm">
            <p className="text-fg">{targets} is available for this project.</p>
            <p className="text-fg-muted">The project is offline while it is upgraded; its data, roles and extensions move with it.</p>
          </div>
          <DisabledTooltip isDisabled={!canUpgrade} content="You need additional permissions to upgrade this project">
            <Button variant="primary" disabled={!canUpgrade} onClick={() => setIsConfirmOpen(true)} data-testid="upgrade-project">
              Upgrade project
            </Button>
          </DisabledTooltip>
        </div>
      ) : upgrade.requires_manual_intervention ? (
        <p className="text-sm text-fg-muted" data-testid="upgrade-unavailable">{upgrade.requires_manual_intervention}</p>
      ) : (
        <p className="text-sm text-fg-muted" data-testid="upgrade-latest">Your project is on the newest PostgreSQL version available here.</p>
      )}
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title={`Upgrade to PostgreSQL ${target ?? ''}?`}
        description={`"${project?.name ?? projectRef}" will be offline during the upgrade.`}
        confirmLabel="Upgrade project"
        variant="warning"
        isLoading={start.isPending}
        onConfirm={confirmUpgrade}
        testId="upgrade-project-dialog"
      >
        <p className="text-sm text-fg-muted">
          Its database, APIs and connections stop answering until the upgrade is done, which takes from a few seconds to a few minutes
          with the size of the database. If a step fails, the project comes back on its current version with its data unaffected.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
