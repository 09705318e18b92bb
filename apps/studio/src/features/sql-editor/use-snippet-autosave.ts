import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { useSnippetSaveMutation } from '../../data/content/snippet-save-mutation.ts';
import { useSnippetUpdateMutation } from '../../data/content/snippet-update-mutation.ts';

/** Quiet time after the last keystroke before the text is saved. */
export const AUTOSAVE_DELAY_MS = 1000;
/** The spec's default name of a new query is a constant whose value is not shown; this is ours. */
export const NEW_QUERY_NAME = 'Untitled query';
export const NO_SAVE_PERMISSION_MESSAGE = 'Your queries will not be saved as you do not have sufficient permissions';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'forbidden';

interface AutosaveOptions {
  ref: string;
  snippetId: string;
  /** False until the snippet exists on the server (a new query is created by its first save). */
  isCreated: boolean;
  canSave: boolean;
  onCreated: (id: string) => void;
  /** For a new query: its starting name (templates name their query). */
  newName?: string;
}

/**
 * Saves the editor's text while the user types: debounced, one save in flight at a time, the last
 * text always wins, and whatever is pending is saved when the editor closes.
 */
export function useSnippetAutosave({ ref, snippetId, isCreated, canSave, onCreated, newName = NEW_QUERY_NAME }: AutosaveOptions) {
  const [status, setStatus] = useState<SaveStatus>(canSave ? 'idle' : 'forbidden');
  const save = useSnippetSaveMutation(ref);
  const update = useSnippetUpdateMutation(ref);
  const pendingText = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isSaving = useRef(false);
  const created = useRef(isCreated);
  created.current = created.current || isCreated;
  const latest = useRef({ save, update, onCreated, canSave, newName });
  latest.current = { save, update, onCreated, canSave, newName };

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (isSaving.current || pendingText.current === null) return;
    const sql = pendingText.current;
    pendingText.current = null;
    if (!latest.current.canSave) {
      setStatus('forbidden');
      return;
    }
    isSaving.current = true;
    setStatus('saving');
    try {
      if (created.current) {
        await latest.current.update.mutateAsync({ id: snippetId, changes: { content: { sql } } });
      } else {
        await latest.current.save.mutateAsync({ id: snippetId, name: latest.current.newName, content: { sql, favorite: false } });
        created.current = true;
        latest.current.onCreated(snippetId);
      }
      setStatus(pendingText.current === null ? 'saved' : 'pending');
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        setStatus('forbidden');
        toast.error(NO_SAVE_PERMISSION_MESSAGE, { id: 'sql-save-permission' });
      } else {
        setStatus('error');
        toast.error(created.current ? `Failed to save query: ${errorMessage(error)}` : `Failed to create new query: ${errorMessage(error)}`, { id: 'sql-save-error' });
      }
    } finally {
      isSaving.current = false;
    }
    // Text typed while saving goes out right after.
    if (pendingText.current !== null) void flush();
  }, [snippetId]);

  const schedule = useCallback(
    (sql: string) => {
      pendingText.current = sql;
      if (!latest.current.canSave) {
        setStatus('forbidden');
        return;
      }
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving the editor (another snippet, another page) saves what is pending.
  useEffect(() => () => void flush(), [flush]);

  return { status, schedule, flush };
}
