import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import { toast } from 'sonner';
import { BRANCH_NAME_MIN_LENGTH } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useBranchCreateMutation } from '../../data/branches/branch-create-mutation.ts';
import type { BranchSource } from '../../data/branches/branch-source.ts';
import { errorMessage } from '../../lib/api.ts';

type Verification = { name: string; state: 'checking' | 'found' | 'missing' | 'failed' };

/**
 * The branching enablement dialog (spec document 1): a warning that dashboard schema changes are
 * disabled for preview branches, and a branch-name field verified against the connected repository,
 * validated on blur and again on every change once touched. Submit is enabled only when the name is
 * non-empty and verified. The form resets each time it opens.
 */
export function CreateBranchDialog({ projectRef, source, open, onOpenChange }: { projectRef: string; source: BranchSource; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useBranchCreateMutation();
  const [branchName, setBranchName] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [verification, setVerification] = useState<Verification | null>(null);
  const pending = useRef<AbortController | null>(null);
  const repository = `${source.owner}/${source.repo}`;

  useEffect(() => {
    if (!open) return;
    pending.current?.abort();
    setBranchName('');
    setIsTouched(false);
    setVerification(null);
    create.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when it opens
  }, [open]);

  function validate(name: string) {
    setIsTouched(true);
    // Already checked (or being checked): a blur on the way to the submit button must not re-check it.
    if (verification?.name === name && verification.state !== 'failed') return;
    pending.current?.abort();
    if (name.length < BRANCH_NAME_MIN_LENGTH) {
      setVerification(null);
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    setVerification({ name, state: 'checking' });
    source.verifyBranch(name, controller.signal).then(
      (exists) => !controller.signal.aborted && setVerification({ name, state: exists ? 'found' : 'missing' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setVerification({ name, state: 'failed' });
        toast.error(`Failed to check Github branch: ${errorMessage(error)}`);
      },
    );
  }

  const isVerified = verification?.name === branchName && verification.state === 'found';
  const error = !isTouched
    ? null
    : branchName.length < BRANCH_NAME_MIN_LENGTH
      ? `Please enter a branch name from ${repository}`
      : verification?.name === branchName && verification.state === 'missing'
        ? `Unable to find branch from ${repository}`
        : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isVerified || create.isPending) return;
    create.mutate(
      { projectRef, branchName, gitBranch: branchName },
      {
        onSuccess: () => {
          toast.success('Successfully created new branch');
          onOpenChange(false);
        },
        onError: (failure) => toast.error(`Failed to create branch: ${errorMessage(failure)}`),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent title="Create a preview branch" description={`Branches are built from the migrations in ${repository}.`} testId="create-branch-dialog" isBare>
        <form onSubmit={submit}>
          <div className="space-y-4 px-5 py-4">
            <p role="note" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-fg" data-testid="branch-schema-warning">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
              Dashboard schema changes are disabled for preview branches: change a branch&apos;s schema with a migration in its Git branch.
            </p>
            <Field
              label="Branch name"
              error={error}
              description={verification?.name === branchName && verification.state === 'checking' ? `Checking ${repository}...` : isVerified ? `Found in ${repository}` : `A branch of ${repository}`}
            >
              {(props) => (
                <Input
                  {...props}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                  value={branchName}
                  onChange={(e) => {
                    setBranchName(e.target.value);
                    if (isTouched) validate(e.target.value);
                  }}
                  onBlur={() => validate(branchName)}
                  data-testid="branch-name-input"
                />
              )}
            </Field>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="default" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={!isVerified || branchName.length === 0} isLoading={create.isPending} data-testid="create-branch-submit">
              Create branch
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
