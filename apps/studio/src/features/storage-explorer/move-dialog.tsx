import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useExplorer } from './explorer-context.tsx';
import type { StorageItem } from './items.ts';

/** Spec §5 "Move": a path in the bucket ('/' stripped, blank for the root); "Moving files" while it runs. */
export function MoveDialog({ items, onClose }: { items: StorageItem[]; onClose: () => void }) {
  const { bucket, actions } = useExplorer();
  const [target, setTarget] = useState('');
  const [isMoving, setIsMoving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsMoving(true);
    try {
      await actions.move(items, target);
    } finally {
      setIsMoving(false);
      onClose();
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isMoving && onClose()}>
      <DialogContent title={`Moving ${items.length} item(s) within ${bucket.name}`} testId="explorer-move-dialog" isBare>
        <form onSubmit={submit}>
          <div className="px-5 py-4">
            <Field label={`Path to new directory in ${bucket.name}`} description="Leave blank to move items to the root of the bucket">
              {(props) => (
                <Input {...props} autoFocus value={target} onChange={(event) => setTarget(event.target.value)} placeholder="e.g folder1/subfolder2" data-testid="explorer-move-input" />
              )}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={isMoving}>Cancel</Button>
            <Button type="submit" variant="primary" isLoading={isMoving}>{isMoving ? 'Moving files' : 'Move files'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
