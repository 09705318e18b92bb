import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Panel } from './panel.tsx';
import { DisabledTooltip } from './tooltip.tsx';

export interface TypedDeletePanelProps {
  /** 'organization' or 'project'. */
  noun: string;
  panelDescription: string;
  explanation: ReactNode;
  dialogTitle: string;
  /** What the user must type to confirm, and how it is called ('slug', 'reference'). */
  confirmValue: string;
  confirmValueName: string;
  consequence: ReactNode;
  canDelete: boolean;
  deniedTooltip: string;
  isDeleting: boolean;
  onDelete(): void;
}

/** A danger-zone panel whose delete needs the identifier typed in: nothing is destroyed by a slip. */
export function TypedDeletePanel(props: TypedDeletePanelProps) {
  const [isOpen, setIsOpen] = useState(false);
  const { noun } = props;
  return (
    <Panel tone="danger" title={`Delete ${noun}`} description={props.panelDescription}>
      <div className="flex flex-wrap items-center gap-4">
        <p className="min-w-0 flex-1 text-sm text-fg-muted">{props.explanation}</p>
        <DisabledTooltip isDisabled={!props.canDelete} content={props.deniedTooltip}>
          <Button variant="danger" disabled={!props.canDelete} onClick={() => setIsOpen(true)} data-testid={`delete-${noun}`}>
            Delete {noun}
          </Button>
        </DisabledTooltip>
      </div>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={props.dialogTitle}
        description="This action cannot be undone."
        confirmLabel={`I understand, delete this ${noun}`}
        variant="danger"
        isLoading={props.isDeleting}
        confirmValue={props.confirmValue}
        confirmValueLabel={
          <>
            Type the {noun} {props.confirmValueName} <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-xs">{props.confirmValue}</code> to confirm.
          </>
        }
        onConfirm={props.onDelete}
        testId={`delete-${noun}-dialog`}
      >
        <p className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-fg-muted">{props.consequence}</p>
      </ConfirmDialog>
    </Panel>
  );
}
