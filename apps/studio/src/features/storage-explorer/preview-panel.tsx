import * as RadixDropdown from '@radix-ui/react-dropdown-menu';
import { Download, Link2, Loader2, Trash2, X } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useFilePreviewQuery } from '../../data/storage-objects/file-preview-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PERMISSION_MESSAGES, PREVIEW_PANEL_WIDTH, PREVIEW_SIGNED_URL_EXPIRY, PREVIEW_SIZE_LIMIT } from './constants.ts';
import { useExplorer } from './explorer-context.tsx';
import { ItemIcon } from './item-icon.tsx';
import { GetUrlItems } from './item-menu-items.tsx';
import { formatBytes, itemPath, previewKind, type StorageItem } from './items.ts';
import { dropdownKit, menuContentClass } from './menu-kit.tsx';

function Media({ item }: { item: StorageItem }) {
  const { projectRef, bucket } = useExplorer();
  const size = item.metadata?.size ?? 0;
  const isSkipped = size > PREVIEW_SIZE_LIMIT || item.isCorrupted;
  const kind = previewKind(item.metadata?.mimetype);
  const file = !isSkipped && kind !== 'other' && item.id ? { id: item.id, path: itemPath(item) } : null;
  const preview = useFilePreviewQuery(projectRef, bucket.id, bucket.public, file, PREVIEW_SIGNED_URL_EXPIRY);

  useEffect(() => {
    if (preview.error) toast.error(bucket.public ? 'Failed to fetch public file preview' : 'Failed to fetch signed url preview');
  }, [preview.error, bucket.public]);

  const frame = 'flex h-60 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-2';
  if (size > PREVIEW_SIZE_LIMIT) {
    return (
      <div className={`${frame} flex-col gap-2 px-6 text-center`}>
        <ItemIcon item={item} className="size-10 text-fg-subtle" />
        <p className="text-sm text-fg-muted">File size is too large to preview in the explorer</p>
      </div>
    );
  }
  if (!file) return <div className={frame}><ItemIcon item={item} className="size-12 text-fg-subtle" /></div>;
  if (preview.isLoading) return <div className={frame}><Loader2 className="size-5 animate-spin text-fg-subtle" aria-label="Loading preview" /></div>;
  const url = preview.data?.url;
  if (!url) return <div className={frame}><ItemIcon item={item} className="size-12 text-fg-subtle" /></div>;
  if (kind === 'image') return <div className={frame}><img src={url} alt={item.name} className="max-h-full max-w-full object-contain" data-testid="explorer-preview-image" /></div>;
  if (kind === 'audio') return <div className={frame}><audio src={url} controls className="w-full px-4" /></div>;
  return <div className={frame}><video src={url} controls className="max-h-full max-w-full" /></div>;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="truncate text-sm text-fg" title={value}>{value}</dd>
    </div>
  );
}

/** Spec §2 "Preview panel", 450 px wide. */
export function PreviewPanel({ item }: { item: StorageItem }) {
  const { bucket, canWrite, actions, dispatch } = useExplorer();
  const mimetype = item.metadata?.mimetype ?? 'Unknown';
  const size = item.metadata?.size;

  return (
    <aside style={{ width: PREVIEW_PANEL_WIDTH }} className="flex h-full shrink-0 flex-col border-l border-line bg-surface" data-testid="explorer-preview" aria-label="File preview">
      <div className="flex items-center justify-end px-3 pt-3">
        <button type="button" aria-label="Close preview" onClick={() => dispatch({ type: 'closePreview' })} className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg">
          <X className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 pb-5">
        <Media item={item} />
        <div className="space-y-1">
          <h3 className="break-all text-base font-semibold text-fg">{item.name}</h3>
          <p className="text-xs text-fg-muted">{mimetype}{size !== undefined ? ` - ${formatBytes(size)}` : ''}</p>
        </div>
        <dl className="space-y-3">
          <Detail label="Added on" value={item.created_at ? formatDateTime(item.created_at) : 'Unknown'} />
          <Detail label="Last modified" value={item.updated_at ? formatDateTime(item.updated_at) : 'Unknown'} />
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" icon={<Download className="size-3.5" />} disabled={item.isCorrupted || !canWrite} onClick={() => void actions.download(item)}>
            Download
          </Button>
          {bucket.public ? (
            <Button size="sm" variant="outline" icon={<Link2 className="size-3.5" />} disabled={item.isCorrupted} onClick={() => void actions.copyUrl(item, null)}>
              Get URL
            </Button>
          ) : (
            <RadixDropdown.Root>
              <RadixDropdown.Trigger asChild>
                <Button size="sm" variant="outline" icon={<Link2 className="size-3.5" />} disabled={item.isCorrupted}>Get URL</Button>
              </RadixDropdown.Trigger>
              <RadixDropdown.Portal>
                <RadixDropdown.Content align="start" sideOffset={6} className={menuContentClass}>
                  {/* The presets inline: GetUrlItems renders a submenu for rows; here the menu is the submenu. */}
                  <GetUrlItems kit={dropdownKit} item={item} inline />
                </RadixDropdown.Content>
              </RadixDropdown.Portal>
            </RadixDropdown.Root>
          )}
          <DisabledTooltip content={PERMISSION_MESSAGES.deleteFile} isDisabled={!canWrite}>
            <Button size="sm" variant="danger" icon={<Trash2 className="size-3.5" />} disabled={!canWrite} onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'delete', items: [item] } })}>
              Delete file
            </Button>
          </DisabledTooltip>
        </div>
      </div>
    </aside>
  );
}
