import * as RadixContext from '@radix-ui/react-context-menu';
import { CheckSquare, FolderPlus, Upload } from 'lucide-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useExplorer } from './explorer-context.tsx';
import { filesFromDrop, isFileDrag } from './drop-files.ts';
import type { StorageItem } from './items.ts';
import { contextKit, MenuItem, MenuSeparator, menuContentClass } from './menu-kit.tsx';
import { isSelectable } from './selection.ts';
import { ViewMenuItems } from './view-menu-items.tsx';

interface ColumnShellProps {
  columnIndex: number;
  prefix: string;
  items: StorageItem[];
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * What a column (or the list) is around its rows: a drop target that uploads into its folder, and a
 * context menu with New folder, Select all items, View, Sort by and Sort order (spec §2).
 */
export function ColumnShell({ columnIndex, prefix, items, className, testId, children }: ColumnShellProps) {
  const { canWrite, actions, dispatch, state } = useExplorer();
  const [isDragging, setIsDragging] = useState(false);
  const files = items.filter(isSelectable);

  function onDragOver(event: DragEvent) {
    if (!canWrite || !isFileDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  }

  function onDrop(event: DragEvent) {
    if (!canWrite || !isFileDrag(event.dataTransfer)) return;
    event.preventDefault();
    setIsDragging(false);
    void filesFromDrop(event.dataTransfer).then((entries) => actions.upload(entries, prefix, columnIndex));
  }

  function onDragLeave(event: DragEvent) {
    // Leaving for a child row is not leaving the column.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
  }

  return (
    <RadixContext.Root>
      <RadixContext.Trigger asChild>
        <div
          data-testid={testId}
          data-path={prefix}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          className={cn('relative flex flex-col', className)}
        >
          {children}
          {isDragging && (
            <div className="pointer-events-none absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 border-2 border-dashed border-brand/70 bg-brand/5 p-4 text-center">
              <Upload className="size-5 text-brand" aria-hidden />
              <p className="text-sm text-fg">Drop your files to upload to this folder</p>
            </div>
          )}
        </div>
      </RadixContext.Trigger>
      <RadixContext.Portal>
        <RadixContext.Content className={menuContentClass}>
          <MenuItem
            kit={contextKit}
            icon={<FolderPlus />}
            disabled={!canWrite}
            onSelect={() => dispatch({ type: 'setEditing', editing: { kind: 'new-folder', prefix, columnIndex } })}
          >
            New folder
          </MenuItem>
          <MenuItem
            kit={contextKit}
            icon={<CheckSquare />}
            disabled={files.length === 0}
            onSelect={() => dispatch({ type: 'setSelected', items: [...state.selected.filter((item) => item.prefix !== prefix), ...files] })}
          >
            Select all items
          </MenuItem>
          <MenuSeparator kit={contextKit} />
          <ViewMenuItems kit={contextKit} />
        </RadixContext.Content>
      </RadixContext.Portal>
    </RadixContext.Root>
  );
}
