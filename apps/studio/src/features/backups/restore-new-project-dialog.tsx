import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Backup } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useBackupRestoreToNewProjectMutation } from '../../data/backups/backup-restore-new-project-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatUtc } from '../../lib/format.ts';
import { PasswordField } from '../new-project/password-field.tsx';

/** A new project in this organisation with the backup's data; this project stays as it is. */
export function RestoreNewProjectDialog({ projectRef, backup, onClose }: { projectRef: string; backup: Backup | null; onClose: () => void }) {
  const restore = useBackupRestoreToNewProjectMutation(projectRef);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const nameError = isTouched && name.trim() === '' ? 'Please provide a project name' : null;
  const passwordError = isTouched && password.length < 8 ? 'Database password must be at least 8 characters' : null;

  return (
    <ConfirmDialog
      open={!!backup}
      onOpenChange={(open) => !open && onClose()}
      title="Restore to a new project"
      description={backup ? `A new project in this organisation gets the database as it was at ${formatUtc(backup.inserted_at)} (UTC). This project is not changed.` : undefined}
      confirmLabel="Create and restore"
      isLoading={restore.isPending}
      testId="backup-restore-new-dialog"
      onConfirm={() => {
        setIsTouched(true);
        if (!backup || name.trim() === '' || password.length < 8) return;
        restore.mutate(
          { id: backup.id, name: name.trim(), db_pass: password },
          {
            onSuccess: (project) => {
              toast.success(`Creating ${project.name} from the backup`);
              onClose();
              void navigate(`/project/${project.ref}`);
            },
            onError: (error) => toast.error(`Failed to restore to a new project: ${errorMessage(error)}`),
          },
        );
      }}
    >
      <div className="space-y-4">
        <Field label="Project name" error={nameError}>
          {(props) => <Input {...props} name="name" value={name} onChange={(e) => setName(e.target.value)} data-testid="backup-restore-new-name" />}
        </Field>
        <PasswordField value={password} onChange={setPassword} onBlur={() => setIsTouched(true)} error={passwordError} />
      </div>
    </ConfirmDialog>
  );
}
