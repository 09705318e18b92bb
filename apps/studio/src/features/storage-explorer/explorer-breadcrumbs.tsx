import { ChevronRight, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useExplorer } from './explorer-context.tsx';
import { collapseBreadcrumbs, parsePathInput, type Crumb } from './paths.ts';

/** The editable path (spec §2): parts split on '/', empty parts dropped. */
function PathInput({ onDone }: { onDone: () => void }) {
  const { state, dispatch } = useExplorer();
  const [value, setValue] = useState(state.openedFolders.join('/'));

  function submit(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'setOpenedFolders', folders: parsePathInput(value) });
    onDone();
  }

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-2">
      <Input
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
        placeholder="e.g Parent Folder/Child Folder"
        aria-label="Path"
        className="h-7 min-w-0 flex-1 text-xs"
        data-testid="explorer-path-input"
      />
      <Button size="sm" variant="outline" onClick={onDone}>Cancel</Button>
      <Button size="sm" variant="primary" type="submit">Go to folder</Button>
    </form>
  );
}

/** The bucket and the open folders; in list view more than 5 collapse to the first 2, "…" and the last 2. */
export function ExplorerBreadcrumbs() {
  const { bucket, state, dispatch, preferences } = useExplorer();
  const [isEditing, setIsEditing] = useState(false);
  if (isEditing) return <PathInput onDone={() => setIsEditing(false)} />;

  const entries = [bucket.name, ...state.openedFolders];
  const crumbs: Crumb<string>[] =
    preferences.view === 'LIST' ? collapseBreadcrumbs(entries) : entries.map((entry, index) => ({ kind: 'entry', entry, index }));

  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <nav aria-label="Folder path" className="flex min-w-0 items-center gap-1 overflow-hidden text-sm" data-testid="explorer-breadcrumbs">
        {crumbs.map((crumb, position) => (
          <span key={crumb.kind === 'entry' ? crumb.index : 'ellipsis'} className="flex min-w-0 items-center gap-1">
            {position > 0 && <ChevronRight className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />}
            {crumb.kind === 'ellipsis' ? (
              <span className="text-fg-subtle">…</span>
            ) : (
              <button
                type="button"
                onClick={() => dispatch({ type: 'setOpenedFolders', folders: state.openedFolders.slice(0, crumb.index) })}
                className={crumb.index === entries.length - 1 ? 'truncate font-medium text-fg' : 'truncate text-fg-muted hover:text-fg'}
              >
                {crumb.entry}
              </button>
            )}
          </span>
        ))}
      </nav>
      <button type="button" aria-label="Edit path" title="Edit path" onClick={() => setIsEditing(true)} className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg">
        <Pencil className="size-3.5" />
      </button>
    </div>
  );
}
