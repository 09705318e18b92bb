import { ExternalLink } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { DisabledTooltip } from '../../../components/ui/tooltip.tsx';
import type { Extension } from '../../../data/pg-meta/types.ts';
import { catalogueEntry } from './extension-catalogue.ts';

interface ExtensionCardProps {
  extension: Extension;
  canWrite: boolean;
  isBusy: boolean;
  onToggle: () => void;
}

/** Name, comment, tags, link, and a switch: enabling only for extensions the engine can load. */
export function ExtensionCard({ extension, canWrite, isBusy, onToggle }: ExtensionCardProps) {
  const entry = catalogueEntry(extension.name, extension.comment);
  const isEnabled = extension.installed_version !== null;
  const canToggle = canWrite && !isBusy && (isEnabled || extension.is_loadable);
  const reason = !canWrite
    ? `You need additional permissions to ${isEnabled ? 'disable' : 'enable'} extensions`
    : !isEnabled && !extension.is_loadable
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
      {!extension.is_loadable && !isEnabled && entry.availableOn && (
        <p className="text-xs text-fg-subtle" data-testid={`extension-${extension.name}-engines`}>Available on {entry.availableOn}.</p>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        {entry.tags.map((tag) => <Badge key={tag}>{tag}</Badge>)}
        {!extension.is_loadable && !isEnabled && <Badge tone="warning">Unavailable</Badge>}
        <a href={entry.link} target="_blank" rel="noreferrer" className="ml-auto inline-flex items-center gap-1 text-xs text-fg-muted hover:text-brand">
          Docs <ExternalLink className="size-3" aria-hidden />
        </a>
      </div>
    </article>
  );
}
