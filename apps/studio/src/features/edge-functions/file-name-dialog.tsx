import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { filePathProblem, type SourceFile } from './function-files.ts';

interface FileNameDialogProps {
  /** The file being renamed, or null to add one. */
  renaming: string | null;
  files: readonly SourceFile[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (path: string) => void;
}

/** Names a new file of the function, or renames one; the name is checked before it is taken. */
export function FileNameDialog({ renaming, files, open, onOpenChange, onSubmit }: FileNameDialogProps) {
  const [path, setPath] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setPath(renaming ?? '');
      setIsTouched(false);
    }
  }, [open, renaming]);

  const problem = filePathProblem(path, files, renaming ?? undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (problem) return;
    onSubmit(path.trim());
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={renaming ? `Rename ${renaming}` : 'Add a file'} testId="function-file-dialog" isBare>
        <form onSubmit={submit}>
          <div className="px-5 py-4">
            <Field label="File path" description="Relative to the function, e.g. utils.ts or lib/db.ts." error={isTouched ? problem : null}>
              {(props) => (
                <Input {...props} autoFocus spellCheck={false} autoComplete="off" value={path} onChange={(event) => {
                    setPath(event.target.value);
                    setIsTouched(true);
                  }} placeholder="utils.ts" />
              )}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary">
              {renaming ? 'Rename' : 'Add file'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
