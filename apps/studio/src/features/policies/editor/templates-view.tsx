import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** What the list needs of a template; table and storage templates both have it. */
export interface TemplateItem {
  id: string;
  templateName: string;
  description: string;
}

interface TemplatesViewProps<T extends TemplateItem> {
  templates: readonly T[];
  /** The statement previewed for the chosen template. */
  statementOf: (template: T) => string;
  /** A tag before the name (the command of a table template); none when it returns null. */
  badgeOf?: (template: T) => string | null;
  onUse: (template: T) => void;
}

/**
 * "Select a template to use for your new policy": a list and a preview of the chosen statement.
 * Shared by the table policy editor and the storage policy editor.
 */
export function TemplatesView<T extends TemplateItem>({ templates, statementOf, badgeOf, onUse }: TemplatesViewProps<T>) {
  const [selectedId, setSelectedId] = useState(templates[0].id);
  const selected = templates.find((t) => t.id === selectedId) ?? templates[0];
  return (
    <div className="grid min-h-full grid-cols-1 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" data-testid="policy-view-templates">
      <ul className="space-y-1 border-b border-line p-3 md:border-b-0 md:border-r" role="listbox" aria-label="Policy templates">
        {templates.map((template) => (
          <li key={template.id} role="option" aria-selected={template.id === selectedId}>
            <button
              type="button"
              onClick={() => setSelectedId(template.id)}
              onDoubleClick={() => onUse(template)}
              className={cn(
                'flex w-full items-start gap-2 rounded-md px-3 py-2 text-left text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40',
                template.id === selectedId ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2',
              )}
            >
              {badgeOf?.(template) && <Badge tone="info" className="mt-0.5 shrink-0">{badgeOf(template)}</Badge>}
              <span>{template.templateName}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="space-y-4 p-5">
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-fg">{selected.templateName}</h3>
          <p className="text-sm text-fg-muted">{selected.description}</p>
        </div>
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md border border-line bg-surface-2 p-3 font-mono text-xs text-fg" data-testid="policy-template-statement">
          {statementOf(selected)}
        </pre>
        <Button variant="primary" onClick={() => onUse(selected)} data-testid="policy-use-template">
          Use this template
        </Button>
      </div>
    </div>
  );
}
