import { Download, Move, Trash2, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useExplorer } from './explorer-context.tsx';

/** Spec §2: "{n} items selected" with Download, Delete, Move and a clear button, in place of the toolbar. */
export function SelectionBar() {
  const { state, dispatch, actions, canWrite } = useExplorer();
  const items = state.selected;
  return (
    <div className="flex h-12 items-center gap-2 border-b border-line bg-brand/5 px-3" data-testid="explorer-selection-bar">
      <button type="button" aria-label="Clear selection" onClick={() => dispatch({ type: 'setSelected', items: [] })} className="rounded p-1 text-fg-muted hover:bg-surface-3 hover:text-fg">
        <X className="size-4" />
      </button>
      <p className="flex-1 text-sm text-fg">{items.length} items selected</p>
      <Button size="sm" variant="outline" icon={<Download className="size-3.5" />} disabled={!canWrite} onClick={() => void actions.downloadSelection(items)}>
        Download
      </Button>
      <Button size="sm" variant="outline" icon={<Trash2 className="size-3.5" />} disabled={!canWrite} onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'delete', items } })}>
        Delete
      </Button>
      <Button size="sm" variant="outline" icon={<Move className="size-3.5" />} disabled={!canWrite} onClick={() => dispatch({ type: 'openDialog', dialog: { kind: 'move', items } })}>
        Move
      </Button>
    </div>
  );
}
