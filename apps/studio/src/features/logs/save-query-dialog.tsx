import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Snippet } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useSnippetSaveMutation } from '../../data/content/snippet-save-mutation.ts';
import { newUuid } from '../../data/content/uuid.ts';
import { errorMessage } from '../../lib/api.ts';

interface SaveQueryDialogProps {
  projectRef: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sql: string;
  /** The saved query the explorer was opened from: saving updates it when the user may edit it. */
  saved: Snippet | undefined;
  onSaved: (snippet: Snippet) => void;
}

/**
 * Saves the explorer's query as a `log_sql` snippet: the SQL editor's snippets' rules (a personal
 * query is its owner's alone; a shared one every member of the project can open, edit or delete).
 */
export function SaveQueryDialog({ projectRef, open, onOpenChange, sql, saved, onSaved }: SaveQueryDialogProps) {
  const save = useSnippetSaveMutation(projectRef);
  const isUpdate = !!saved?.can_edit;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isShared, setIsShared] = useState(false);
  const [isTouched, setIsTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(saved?.name ?? '');
    setDescription(saved?.description ?? '');
    setIsShared(saved?.visibility === 'project');
    setIsTouched(false);
  }, [open, saved]);

  const nameError = isTouched && !name.trim() ? 'Please enter a query name' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (!name.trim()) return;
    save.mutate(
      {
        id: isUpdate && saved ? saved.id : newUuid(),
        type: 'log_sql',
        name: name.trim(),
        description: description.trim() || null,
        visibility: isShared ? 'project' : 'user',
        content: { sql },
      },
      {
        onSuccess: (snippet) => {
          toast.success(isUpdate ? `Saved "${snippet.name}"` : `Saved "${snippet.name}" to your saved queries`);
          onSaved(snippet);
          onOpenChange(false);
        },
        onError: (error) => toast.error(`Failed to save query: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={isUpdate ? 'Save query' : 'Save query as'} testId="logs-save-dialog" isBare>
        <form onSubmit={submit}>
          <div className="space-y-4 px-5 py-4">
            <Field label="Name" error={nameError}>
              {(field) => (
                <Input {...field} value={name} autoFocus maxLength={256} onChange={(e) => setName(e.target.value)} onBlur={() => setIsTouched(true)} data-testid="logs-save-name" />
              )}
            </Field>
            <Field label="Description" aside="Optional">
              {(field) => <Textarea {...field} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} className="min-h-16" />}
            </Field>
            <label className="flex items-center justify-between gap-3 text-sm text-fg">
              <span>
                Share with the project
                <span className="block text-xs text-fg-subtle">Every member who can see this project can open, edit and delete a shared query.</span>
              </span>
              <Switch checked={isShared} onChange={setIsShared} aria-label="Share with the project" />
            </label>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={save.isPending} data-testid="logs-save-submit">
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
