import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { GitRepository } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useGitConnectionCreateMutation } from '../../data/git/git-connection-mutations.ts';
import { errorMessage } from '../../lib/api.ts';

export const GIT_DENIED = 'You need additional permissions to manage Git connections';

/** Repository, production branch (checked by the server) and the folder that holds supabase/. */
export function GitConnectForm({ projectRef, repositories, canManage }: { projectRef: string; repositories: GitRepository[]; canManage: boolean }) {
  const create = useGitConnectionCreateMutation(projectRef);
  const [repositoryId, setRepositoryId] = useState(repositories[0]?.id ?? '');
  const [branch, setBranch] = useState('main');
  const [directory, setDirectory] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { repository_id: repositoryId, production_branch: branch.trim(), supabase_directory: directory.trim() },
      {
        onSuccess: (connection) => toast.success(`Connected to ${connection.repository.name}`),
        onError: (e) => toast.error(`Failed to create Github connection: ${errorMessage(e)}`),
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label="Repository">
        {(props) => (
          <Select {...props} value={repositoryId} onChange={(e) => setRepositoryId(e.target.value)} disabled={!canManage} data-testid="git-connect-repository">
            {repositories.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Production branch" description="The Git branch this project follows; it must exist in the repository.">
        {(props) => <Input {...props} value={branch} onChange={(e) => setBranch(e.target.value)} disabled={!canManage} data-testid="git-connect-branch" />}
      </Field>
      <Field label="Supabase directory" description="The folder that holds supabase/migrations and supabase/seed.sql. Leave empty for the repository's root.">
        {(props) => <Input {...props} value={directory} placeholder="e.g. apps/db" onChange={(e) => setDirectory(e.target.value)} disabled={!canManage} data-testid="git-connect-directory" />}
      </Field>
      <div className="flex justify-end">
        <DisabledTooltip isDisabled={!canManage} content={GIT_DENIED}>
          <Button type="submit" variant="primary" disabled={!canManage || !repositoryId || branch.trim().length === 0} isLoading={create.isPending} data-testid="git-connect-submit">
            Connect
          </Button>
        </DisabledTooltip>
      </div>
    </form>
  );
}
