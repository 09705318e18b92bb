import * as RadixContext from '@radix-ui/react-context-menu';
import * as RadixDropdown from '@radix-ui/react-dropdown-menu';
import { AlertCircle, Loader2, MoreHorizontal } from 'lucide-react';
import type { MouseEvent } from 'react';
import { DropdownMenu, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CORRUPTED_FILE_TOOLTIP, ROW_HEIGHT } from './constants.ts';
import { useExplorer } from './explorer-context.tsx';
import { ItemIcon } from './item-icon.tsx';
import { hasItemActions, ItemMenuItems } from './item-menu-items.tsx';
import { ItemNameInput } from './item-name-input.tsx';
import { formatBytes, type StorageItem } from './items.ts';
import { contextKit, dropdownKit, menuContentClass } from './menu-kit.tsx';
import { isSelectable, isSelected, selectRange, toggleItem } from './selection.ts';

interface ItemRowProps {
  item: StorageItem;
  /** The rows of the item's column: a shift-click selects across them. */
  columnItems: StorageItem[];
  variant: 'column' | 'list';
  /** An open folder (a deeper column shows it) or the previewed file. */
  isOpen: boolean;
}

function RowActions({ item }: { item: StorageItem }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={`Actions for ${item.name}`}
          onClick={(event) => event.stopPropagation()}
          className="rounded p-0.5 text-fg-subtle opacity-0 hover:bg-surface-3 hover:text-fg focus:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100"
        >
          <MoreHorizontal className="size-4" />
        </button>
      </DropdownMenuTrigger>
      <RadixDropdown.Portal>
        <RadixDropdown.Content align="end" sideOffset={4} className={menuContentClass} onClick={(event) => event.stopPropagation()}>
          <ItemMenuItems kit={dropdownKit} item={item} />
        </RadixDropdown.Content>
      </RadixDropdown.Portal>
    </DropdownMenu>
  );
}

/** One file or folder: click opens, shift-click selects a range, right-click or "..." shows its actions. */
export function ItemRow({ item, columnItems, variant, isOpen }: ItemRowProps) {
  const { state, dispatch, canWrite } = useExplorer();
  const editing = state.editing;
  const isEditing = item.status === 'EDITING' && editing !== null;
  const isPending = item.id === null && item.type === 'FILE';
  const selectable = isSelectable(item);
  const checked = selectable && isSelected(state.selected, item);
  const showCheckbox = selectable && (checked || state.selected.length > 0);
  const hasActions = !isPending && !isEditing && item.status === 'READY' && hasItemActions(item, canWrite);

  /** A click, or Enter on the focused row: the same as a click (Shift extends the selection). */
  function open(event: { shiftKey: boolean }) {
    if (isEditing || item.status === 'LOADING' || isPending) return;
    if (event.shiftKey && selectable) {
      dispatch({ type: 'setSelected', items: selectRange(state.selected, columnItems, item) });
      return;
    }
    dispatch({ type: item.type === 'FOLDER' ? 'openFolder' : 'previewFile', item });
  }

  function onCheck(event: MouseEvent) {
    event.stopPropagation();
    const items = event.shiftKey ? selectRange(state.selected, columnItems, item) : toggleItem(state.selected, item);
    dispatch({ type: 'setSelected', items });
  }

  const row = (
    <div
      role="row"
      aria-selected={isOpen || checked}
      data-testid={`explorer-item-${item.name}`}
      data-status={item.isCorrupted ? 'CORRUPTED' : item.status}
      onClick={open}
      tabIndex={isEditing ? -1 : 0}
      onKeyDown={(event) => event.key === 'Enter' && event.target === event.currentTarget && open(event)}
      style={{ height: ROW_HEIGHT }}
      className={cn(
        'group flex cursor-pointer items-center gap-2 px-3 text-sm text-fg',
        isOpen ? 'bg-surface-3' : checked ? 'bg-brand/10' : 'hover:bg-surface-2',
      )}
    >
      <span className="flex size-4 shrink-0 items-center justify-center text-fg-subtle">
        {/* A file's icon turns into its checkbox on hover, and stays one while anything is selected. */}
        {selectable && (
          <input
            type="checkbox"
            checked={checked}
            onClick={onCheck}
            onChange={() => undefined}
            aria-label={`Select ${item.name}`}
            className={cn('size-3.5 accent-brand', showCheckbox ? 'block' : 'hidden group-hover:block')}
          />
        )}
        {!showCheckbox && (
          <span className={cn('inline-flex', selectable && 'group-hover:hidden')}>
            <ItemIcon item={item} isOpen={isOpen} />
          </span>
        )}
      </span>
      <span role="cell" className="flex min-w-0 flex-1 items-center gap-2">
        {isEditing && editing ? (
          <ItemNameInput editing={editing} initialName={item.name} />
        ) : (
          <span className="truncate" title={item.name}>{item.name}</span>
        )}
        {item.status === 'LOADING' && <Loader2 className="size-3.5 shrink-0 animate-spin text-fg-subtle" aria-label="Loading" />}
        {item.isCorrupted && (
          <Tooltip content={CORRUPTED_FILE_TOOLTIP}>
            <AlertCircle className="size-3.5 shrink-0 text-danger" aria-label={CORRUPTED_FILE_TOOLTIP} />
          </Tooltip>
        )}
      </span>
      {variant === 'list' && (
        <>
          <span role="cell" className="w-24 shrink-0 truncate text-xs text-fg-muted">{item.type === 'FILE' && item.metadata?.size !== undefined ? formatBytes(item.metadata.size) : ''}</span>
          <span role="cell" className="w-36 shrink-0 truncate text-xs text-fg-muted">{item.type === 'FOLDER' ? 'Folder' : (item.metadata?.mimetype ?? '')}</span>
          <span role="cell" className="w-40 shrink-0 truncate text-xs text-fg-muted">{item.type === 'FILE' && item.created_at ? formatDateTime(item.created_at) : ''}</span>
          <span role="cell" className="w-40 shrink-0 truncate text-xs text-fg-muted">{item.type === 'FILE' && item.updated_at ? formatDateTime(item.updated_at) : ''}</span>
        </>
      )}
      <span className="flex w-5 shrink-0 justify-end">{hasActions && <RowActions item={item} />}</span>
    </div>
  );

  if (!hasActions) return row;
  return (
    <RadixContext.Root>
      <RadixContext.Trigger asChild>{row}</RadixContext.Trigger>
      <RadixContext.Portal>
        <RadixContext.Content className={menuContentClass}>
          <ItemMenuItems kit={contextKit} item={item} />
        </RadixContext.Content>
      </RadixContext.Portal>
    </RadixContext.Root>
  );
}
