import * as RadixDropdown from '@radix-ui/react-dropdown-menu';
import { useIsFetching } from '@tanstack/react-query';
import { ChevronLeft, Columns3, FolderPlus, List, RefreshCw, Search, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { storageKeys } from '../../data/storage/keys.ts';
import { cn } from '../../lib/cn.ts';
import { PERMISSION_MESSAGES, SEARCH_DEBOUNCE_MS } from './constants.ts';
import { ExplorerBreadcrumbs } from './explorer-breadcrumbs.tsx';
import { useExplorer } from './explorer-context.tsx';
import { currentPrefix } from './explorer-state.ts';
import { dropdownKit, menuContentClass } from './menu-kit.tsx';
import { ViewMenuItems } from './view-menu-items.tsx';

/** Spec §2 "Search for a file or folder", debounced 300 ms; it filters the current folder. */
function SearchBox() {
  const { state, dispatch } = useExplorer();
  const [value, setValue] = useState(state.search);
  useEffect(() => {
    if (value === state.search) return;
    const timer = setTimeout(() => dispatch({ type: 'setSearch', search: value.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, state.search, dispatch]);
  return (
    <label className="relative flex items-center">
      <Search className="pointer-events-none absolute left-2 size-3.5 text-fg-subtle" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Search for a file or folder"
        aria-label="Search for a file or folder"
        className="h-7 w-56 rounded-md border border-line-strong bg-surface-2 pl-7 pr-2 text-xs text-fg placeholder:text-fg-subtle focus:border-brand/70 focus:outline-none"
      />
    </label>
  );
}

export function ExplorerToolbar() {
  const { projectRef, bucket, state, dispatch, preferences, canWrite, actions } = useExplorer();
  const fileInput = useRef<HTMLInputElement>(null);
  const isFetching = useIsFetching({ queryKey: storageKeys.objects(projectRef, bucket.id) }) > 0;
  const prefix = currentPrefix(state);
  const columnIndex = state.openedFolders.length;

  function onFilesChosen(files: FileList | null) {
    if (!files || files.length === 0) return;
    void actions.upload([...files].map((file) => ({ file, relativePath: file.name })), prefix, columnIndex);
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <div className="flex h-12 items-center gap-2 border-b border-line px-3" data-testid="explorer-toolbar">
      <button
        type="button"
        aria-label="Back"
        disabled={state.openedFolders.length === 0}
        onClick={() => dispatch({ type: 'setOpenedFolders', folders: state.openedFolders.slice(0, -1) })}
        className="rounded p-1 text-fg-muted hover:bg-surface-3 hover:text-fg disabled:opacity-40"
      >
        <ChevronLeft className="size-4" />
      </button>
      <ExplorerBreadcrumbs />
      <Button size="sm" variant="ghost" aria-label="Reload" icon={<RefreshCw className={cn('size-3.5', isFetching && 'animate-spin')} />} onClick={() => void actions.refresh()}>
        Reload
      </Button>
      <RadixDropdown.Root>
        <RadixDropdown.Trigger asChild>
          <Button size="sm" variant="ghost" icon={preferences.view === 'LIST' ? <List className="size-3.5" /> : <Columns3 className="size-3.5" />}>
            View
          </Button>
        </RadixDropdown.Trigger>
        <RadixDropdown.Portal>
          <RadixDropdown.Content align="end" sideOffset={6} className={menuContentClass}>
            <ViewMenuItems kit={dropdownKit} />
          </RadixDropdown.Content>
        </RadixDropdown.Portal>
      </RadixDropdown.Root>
      <DisabledTooltip content={PERMISSION_MESSAGES.upload} isDisabled={!canWrite}>
        <Button size="sm" variant="outline" icon={<Upload className="size-3.5" />} disabled={!canWrite} onClick={() => fileInput.current?.click()}>
          Upload files
        </Button>
      </DisabledTooltip>
      <input ref={fileInput} type="file" multiple hidden data-testid="explorer-file-input" onChange={(event) => onFilesChosen(event.target.files)} />
      <DisabledTooltip content={PERMISSION_MESSAGES.createFolder} isDisabled={!canWrite}>
        <Button
          size="sm"
          variant="outline"
          icon={<FolderPlus className="size-3.5" />}
          disabled={!canWrite}
          onClick={() => dispatch({ type: 'setEditing', editing: { kind: 'new-folder', prefix, columnIndex } })}
        >
          Create folder
        </Button>
      </DisabledTooltip>
      <SearchBox />
    </div>
  );
}
