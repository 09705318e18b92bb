import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CustomReport } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { newUuid } from '../../data/content/uuid.ts';
import { useCustomReportUpsertMutation } from '../../data/reports/custom-report-upsert-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** Names a new, empty report shared with the project; charts are added to it afterwards. */
export function NewReportDialog({ projectRef, open, onOpenChange, onCreated }: {
  projectRef: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (report: CustomReport) => void;
}) {
  const save = useCustomReportUpsertMutation(projectRef);
  const [name, setName] = useState('');
  const [isTouched, setIsTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName('');
    setIsTouched(false);
  }, [open]);

  const nameError = isTouched && !name.trim() ? 'Please enter a report name' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (!name.trim()) return;
    save.mutate(
      { id: newUuid(), name: name.trim(), description: null, visibility: 'project', charts: [] },
      {
        onSuccess: (report) => {
          toast.success(`Created report "${report.name}"`);
          onCreated(report);
          onOpenChange(false);
        },
        onError: (error) => toast.error(`Failed to create report: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent title="Create a custom report" description="A report is a set of charts, each drawn from a log query." testId="report-new-dialog" isBare>
        <form onSubmit={submit}>
          <div className="px-5 py-4">
            <Field label="Name" error={nameError}>
              {(field) => (
                <Input {...field} value={name} autoFocus maxLength={256} onChange={(e) => setName(e.target.value)} onBlur={() => setIsTouched(true)} data-testid="report-new-name" />
              )}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={save.isPending} data-testid="report-new-submit">
              Create report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
