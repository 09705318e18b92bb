import { ExternalLink } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { DisabledTooltip } from '../../../components/ui/tooltip.tsx';
import type { Extension } from '../../../data/pg-meta/types.ts';
import { availableElsewhere, catalogueEntry, type EngineName } from './extension-catalogue.ts';

interface ExtensionCardProps {
  extension: Extension;
  /** The project's engine, to say where an extension it cannot load is available instead. */
  engine: EngineName | undefined;
  canWrite: boolean;
  isBusy: boolean;
  onToggle: () => void;
}

/** Name, comment, tags, link, and a switch: enabling only for extensions the engine can load. */
export function ExtensionCard({ extension, engine, canWrite, isBusy, onToggle }: ExtensionCardProps) {
  const entry = catalogueEntry(extension.name, extension.comment);
  const isEnabled = extension.installed_version !== null;
  const isUnavailable = !isEnabled && !extension.is_loadable;
  const canToggle = canWrite && !isBusy && !isUnavailable;
  const elsewhere = isUnavailable ? availableElsewhere(entry.availability, engine) : null;
  const reason = !canWrite
    ? `You need additional permissions to ${isEnabled ? 'disable' : 'enable'} extensions`
    : isUnavailable
      ? 'This extension is not available on this database engine'
      : null;
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-line bg-surface px-4 py-3.5" data-testid={`extension-${extension.name}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-mono text-sm font-medium text-fg">{extension.name}</h3>
          <p className="text-xs text-fg-subtle">
            {isEnabled ? `v${extension.installed_version} in ${extension.schema}` : extension.default_version ? `v${extension.default_version}` : 'Not available'}
          </p>
        </div>
        <DisabledTooltip content={reason} isDisabled={reason !== null}>
          <Switch checked={isEnabled} onChange={onToggle} aria-label={`${isEnabled ? 'Disable' : 'Enable'} ${extension.name}`} disabled={!canToggle} />
        </DisabledTooltip>
      </div>
      <p className="line-clamp-2 flex-1 text-sm text-fg-muted">{entry.comment || 'No description'}</p>
      {isUnavailable && (
        <p className="text-xs text-fg-subtle" data-testid={`extension-${extension.name}-engines`}>
          {entry.instead ?? elsewhere ?? 'Not available on any of Plinth\u2019s database engines yet.'}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        {entry.tags.map((tag) => <Badge key={tag}>{tag}</Badge>)}
        {isUnavailable && <Badge tone="warning">Unavailable</Badge>}
        <a href={entry.link} target="_blank" rel="noreferrer" className="ml-auto inline-flex items-center gap-1 text-xs text-fg-muted hover:text-brand">
          Docs <ExternalLink className="size-3" aria-hidden />
        </a>
      </div>
    </article>
  );
}
