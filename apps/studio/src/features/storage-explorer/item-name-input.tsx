import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useExplorer } from './explorer-context.tsx';
import type { Editing } from './explorer-state.ts';

/**
 * The EDITING row's name input (spec §4): Enter or blur submits; Escape restores the name of an
 * existing item and cancels a new folder.
 */
export function ItemNameInput({ editing, initialName }: { editing: Editing; initialName: string }) {
  const { actions, dispatch } = useExplorer();
  const [value, setValue] = useState(initialName);
  const ref = useRef<HTMLInputElement>(null);
  // Enter submits and the input then blurs as the row re-renders: one submission per edit.
  const isSubmitting = useRef(false);

  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus();
    // Select the name without its extension, as file managers do.
    const dot = initialName.lastIndexOf('.');
    input.setSelectionRange(0, dot > 0 && editing.kind === 'rename' && editing.item.type === 'FILE' ? dot : initialName.length);
  }, [initialName, editing]);

  async function submit() {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    try {
      await actions.submitEdit(editing, value);
    } finally {
      isSubmitting.current = false;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      isSubmitting.current = true;
      dispatch({ type: 'setEditing', editing: null });
    }
  }

  return (
    <input
      ref={ref}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => void submit()}
      onClick={(event) => event.stopPropagation()}
      aria-label={editing.kind === 'new-folder' ? 'Folder name' : 'New name'}
      data-testid="explorer-name-input"
      className="h-6 min-w-0 flex-1 rounded border border-brand/70 bg-surface-2 px-1.5 text-sm text-fg outline-none focus:ring-2 focus:ring-brand/20"
    />
  );
}
