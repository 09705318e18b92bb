import { useState } from 'react';
import { ArrowRightLeft } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import type { Project } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCan } from '../../data/permissions/can.ts';
import { TransferProjectDialog } from './transfer-project-dialog.tsx';

/** Moving the project to another organisation the member administers (the server checks both sides). */
export function TransferProjectPanel({ project }: { project: Project }) {
  const canTransfer = useCan(project.organization_slug, Action.DELETE, Resource.PROJECTS);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Panel title="Transfer project" description="Move this project to another organization." testId="transfer-project-panel">
      <div className="flex flex-wrap items-center gap-4">
        <ArrowRightLeft className="size-5 text-fg-subtle" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-fg">Transfer project to another organization</p>
          <p className="text-sm text-fg-muted">
            You need to be an Owner or Administrator of both organizations. The project keeps its data, API keys and URL; its
            members become those of the target organization.
          </p>
        </div>
        <DisabledTooltip isDisabled={!canTransfer} content="You need additional permissions to transfer this project">
          <Button variant="default" disabled={!canTransfer} onClick={() => setIsOpen(true)} data-testid="transfer-project">
            Transfer project
          </Button>
        </DisabledTooltip>
      </div>
      <TransferProjectDialog project={project} open={isOpen} onOpenChange={setIsOpen} />
    </Panel>
  );
}
