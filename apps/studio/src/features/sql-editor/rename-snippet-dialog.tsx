import { useEffect, useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import type { Snippet } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSnippetUpdateMutation } from '../../data/content/snippet-update-mutation.ts';
import { useSqlTitleMutation } from '../../data/content/sql-title-mutation.ts';

const NAME_REQUIRED = 'Please enter a query name';

/** Rename query: name (required, checked on blur) and description, with a suggestion made from the SQL. */
export function RenameSnippetDialog({ projectRef, snippet, onClose }: { projectRef: string; snippet: Snippet | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isNameTouched, setIsNameTouched] = useState(false);
  const update = useSnippetUpdateMutation(projectRef);
  const title = useSqlTitleMutation();

  useEffect(() => {
    if (!snippet) return;
    setName(snippet.name);
    setDescription(snippet.description ?? '');
    setIsNameTouched(false);
  }, [snippet]);

  const nameError = name.trim() === '' ? NAME_REQUIRED : null;

  function suggest() {
    if (!snippet) return;
    title.mutate(
      { sql: snippet.content.sql },
      {
        onSuccess: (suggestion) => {
          setName(suggestion.title);
          setDescription(suggestion.description);
        },
        onError: (error) => toast.error(`Failed to suggest a name: ${errorMessage(error)}`),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsNameTouched(true);
    if (!snippet || nameError) return;
    update.mutate(
      { id: snippet.id, changes: { name: name.trim(), description: description.trim() || null } },
      {
        onSuccess: onClose,
        onError: (error) => toast.error(`Failed to rename query: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <Dialog open={snippet !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent title="Rename query" size="md" isBare testId="rename-query-dialog">
        <form onSubmit={submit}>
          <div className="space-y-4 px-5 py-4">
            <Field label="Name" error={isNameTouched ? nameError : null}>
              {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setIsNameTouched(true)} maxLength={256} />}
            </Field>
            <Field label="Description" aside="Optional">
              {(props) => <Textarea {...props} className="min-h-20" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />}
            </Field>
            <Button size="sm" variant="outline" icon={<Sparkles className="size-3.5" />} isLoading={title.isPending} onClick={suggest} disabled={!snippet?.content.sql.trim()}>
              Suggest a name from the SQL
            </Button>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={update.isPending}>
              Rename query
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
