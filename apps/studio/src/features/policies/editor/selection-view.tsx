import { FileCode2, LayoutTemplate } from 'lucide-react';
import type { ReactNode } from 'react';

interface SelectionViewProps {
  /** What policies do here (rows of a table, files of a bucket). */
  description?: string;
  onUseTemplate: () => void;
  onStartFromScratch: () => void;
}

const TABLE_DESCRIPTION = 'Policies are SQL rules that decide which rows each role may read or change. Start from a template or write one yourself.';

/** The first view of a new policy: start from a template or from an empty editor. */
export function SelectionView({ description = TABLE_DESCRIPTION, onUseTemplate, onStartFromScratch }: SelectionViewProps) {
  return (
    <div className="space-y-3 px-5 py-5" data-testid="policy-view-selection">
      <p className="text-sm text-fg-muted">{description}</p>
      <Choice
        icon={<LayoutTemplate />}
        title="Get started quickly"
        description="Create a policy from a template"
        onClick={onUseTemplate}
        testId="policy-from-template"
      />
      <Choice
        icon={<FileCode2 />}
        title="For full customization"
        description="Create a policy from scratch"
        onClick={onStartFromScratch}
        testId="policy-from-scratch"
      />
    </div>
  );
}

function Choice({ icon, title, description, onClick, testId }: { icon: ReactNode; title: string; description: string; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="flex w-full items-center gap-4 rounded-lg border border-line-strong bg-surface-2 px-4 py-4 text-left transition-colors hover:border-brand/50 hover:bg-surface-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-surface-3 text-fg-muted [&>svg]:size-5">{icon}</span>
      <span className="min-w-0">
        <span className="block text-xs uppercase tracking-wide text-fg-subtle">{title}</span>
        <span className="block text-sm font-medium text-fg">{description}</span>
      </span>
    </button>
  );
}
