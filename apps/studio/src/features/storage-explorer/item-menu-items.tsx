import { Clipboard, Download, Edit3, Link2, Move, Trash2 } from 'lucide-react';
import { SIGNED_URL_PRESETS } from './constants.ts';
import { useExplorer } from './explorer-context.tsx';
import type { StorageItem } from './items.ts';
import { MenuItem, MenuSeparator, MenuSub, type MenuKit } from './menu-kit.tsx';

/** Get URL: a public bucket copies at once; a private one offers the expiry presets and a custom expiry. */
export function GetUrlItems({ kit, item, inline = false }: { kit: MenuKit; item: StorageItem; inline?: boolean }) {
  const { bucket, actions, dispatch } = useExplorer();
  if (bucket.public) {
    return (
      <MenuItem kit={kit} icon={<Link2 />} onSelect={() => void actions.copyUrl(item, null)}>
        Get URL
      </MenuItem>
    );
  }
  const choices = (
    <>
      {SIGNED_URL_PRESETS.map((preset) => (
        <MenuItem key={preset.seconds} kit={kit} onSelect={() => void actions.copyUrl(item, preset.seconds)}>
          {preset.label}
        </MenuItem>
      ))}
      <MenuSeparator kit={kit} />
      <MenuItem kit={kit} onSelect={() => dispatch({ type: 'openDialog', dialog: { kind: 'expiry', item } })}>
        Custom expiry
      </MenuItem>
    </>
  );
  if (inline) return choices;
  return (
    <MenuSub kit={kit} label="Get URL" icon={<Link2 />}>
      {choices}
    </MenuSub>
  );
}

/**
 * A row's actions (spec §2 "Rows and selection", §6): files need storage write for all but Get URL;
 * a folder's Download and Copy path stay available without it. Corrupted files get no URL or download.
 */
export function ItemMenuItems({ kit, item }: { kit: MenuKit; item: StorageItem }) {
  const { canWrite, actions, dispatch } = useExplorer();
  const rename = () => dispatch({ type: 'setEditing', editing: { kind: 'rename', item } });
  const remove = () => dispatch({ type: 'openDialog', dialog: { kind: 'delete', items: [item] } });

  if (item.type === 'FOLDER') {
    return (
      <>
        {canWrite && <MenuItem kit={kit} icon={<Edit3 />} onSelect={rename}>Rename</MenuItem>}
        <MenuItem kit={kit} icon={<Download />} onSelect={() => void actions.download(item)}>Download</MenuItem>
        <MenuItem kit={kit} icon={<Clipboard />} onSelect={() => void actions.copyFolderPath(item)}>Copy path to folder</MenuItem>
        {canWrite && (
          <>
            <MenuSeparator kit={kit} />
            <MenuItem kit={kit} icon={<Trash2 />} tone="danger" onSelect={remove}>Delete</MenuItem>
          </>
        )}
      </>
    );
  }
  return (
    <>
      {!item.isCorrupted && <GetUrlItems kit={kit} item={item} />}
      {canWrite && (
        <>
          <MenuItem kit={kit} icon={<Edit3 />} onSelect={rename}>Rename</MenuItem>
          <MenuItem kit={kit} icon={<Move />} onSelect={() => dispatch({ type: 'openDialog', dialog: { kind: 'move', items: [item] } })}>Move</MenuItem>
          {!item.isCorrupted && <MenuItem kit={kit} icon={<Download />} onSelect={() => void actions.download(item)}>Download</MenuItem>}
          <MenuSeparator kit={kit} />
          <MenuItem kit={kit} icon={<Trash2 />} tone="danger" onSelect={remove}>Delete</MenuItem>
        </>
      )}
    </>
  );
}

/** Whether a row has any action to show (a read-only user on a corrupted file has none). */
export function hasItemActions(item: StorageItem, canWrite: boolean): boolean {
  return item.type === 'FOLDER' || canWrite || !item.isCorrupted;
}
