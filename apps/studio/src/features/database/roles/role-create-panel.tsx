import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { useDatabaseRoleCreateMutation } from '../../../data/roles/role-create-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { identifierProblem } from '../tables/table-form.ts';

const FLAGS = [
  { key: 'can_login', label: 'User can login', description: 'Can be used to connect to the database.' },
  { key: 'inherit_role', label: 'User inherits roles', description: 'Gets the privileges of the roles it is a member of.' },
  { key: 'can_create_role', label: 'User can create roles', description: 'Can create, alter and drop other roles.' },
  { key: 'can_create_db', label: 'User can create databases', description: 'Can create new databases.' },
  { key: 'can_bypass_rls', label: 'User bypasses every row level security policy', description: 'RLS policies never apply to it.' },
] as const;
type FlagKey = (typeof FLAGS)[number]['key'];

export function RoleCreatePanel({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const create = useDatabaseRoleCreateMutation(projectRef);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [flags, setFlags] = useState<Record<FlagKey, boolean>>({ can_login: false, inherit_role: true, can_create_role: false, can_create_db: false, can_bypass_rls: false });
  const [error, setError] = useState<string | null>(null);

  function save() {
    const problem = identifierProblem(name, 'role name');
    if (problem) return setError(problem);
    create.mutate({ name, ...flags, ...(password ? { password } : {}) }, {
      onSuccess: () => { toast.success(`Successfully created new role: ${name}`); onClose(); },
      onError: (err) => setError(`Failed to create role: ${errorMessage(err)}`),
    });
  }

  return (
    <SidePanel open onRequestClose={() => !create.isPending && onClose()} title="Create a new role" testId="role-panel"
      footer={<><Button variant="outline" onClick={onClose}>Cancel</Button><Button variant="primary" onClick={save} isLoading={create.isPending}>Create role</Button></>}>
      <div className="space-y-5 px-5 py-5">
        {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{error}</p>}
        <Field label="Name">{(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} className="font-mono" />}</Field>
        <Field label="Password" aside="Optional" description="Only needed for a role that logs in.">
          {(props) => <Input {...props} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <div className="space-y-3 rounded-md border border-line px-4 py-3">
          {FLAGS.map((flag) => (
            <label key={flag.key} className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 accent-brand" checked={flags[flag.key]} onChange={(e) => setFlags((f) => ({ ...f, [flag.key]: e.target.checked }))} />
              <span><span className="font-medium text-fg">{flag.label}</span><span className="block text-xs text-fg-muted">{flag.description}</span></span>
            </label>
          ))}
        </div>
      </div>
    </SidePanel>
  );
}
