import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { useCreateForeignServerMutation } from '../../data/wrappers/wrappers-mutations.ts';
import { errorMessage } from '../../lib/api.ts';

const EMPTY = { name: '', host: '', port: '5432', dbname: 'postgres', user: '', password: '' };
type Form = typeof EMPTY;

function errorsOf(form: Form): Partial<Record<keyof Form, string>> {
  const port = Number(form.port);
  return {
    ...(form.name.trim() === '' && { name: 'Please provide a name for the server' }),
    ...(form.host.trim() === '' && { host: 'Please provide the host' }),
    ...(!(Number.isInteger(port) && port >= 1 && port <= 65535) && { port: 'The port is a number from 1 to 65535' }),
    ...(form.dbname.trim() === '' && { dbname: 'Please provide the database name' }),
    ...(form.user.trim() === '' && { user: 'Please provide the user' }),
    // postgres_fdw refuses a non-superuser a connection without one, so it is required here.
    ...(form.password === '' && { password: 'Please provide the password' }),
  };
}

/**
 * CREATE SERVER ... FOREIGN DATA WRAPPER postgres_fdw and a user mapping for the project's owner.
 * The password is sent once and then cleared from the form; the server never sends it back.
 */
export function ServerPanel({ projectRef, open, onClose }: { projectRef: string; open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [isTouched, setIsTouched] = useState(false);
  const create = useCreateForeignServerMutation(projectRef);
  const errors = isTouched ? errorsOf(form) : {};

  useEffect(() => {
    setForm(EMPTY);
    setIsTouched(false);
  }, [open]);

  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.target.value });

  function save() {
    setIsTouched(true);
    if (Object.keys(errorsOf(form)).length > 0) return;
    const body = { name: form.name.trim(), host: form.host.trim(), port: Number(form.port), dbname: form.dbname.trim(), user: form.user.trim(), password: form.password };
    create.mutate(body, {
      onSuccess: () => {
        toast.success(`Successfully created server ${body.name}`);
        onClose();
      },
      onError: (error) => toast.error(`Failed to create server: ${errorMessage(error)}`),
    });
  }

  return (
    <SidePanel
      open={open}
      onRequestClose={() => !create.isPending && onClose()}
      title="Add a foreign server"
      description="Another Postgres database to read tables from, with postgres_fdw. The user and password are stored in a user mapping for this project's owner."
      testId="wrappers-server-panel"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>Cancel</Button>
          <Button variant="primary" isLoading={create.isPending} onClick={save} data-testid="wrappers-server-save">Create server</Button>
        </div>
      }
    >
      <form className="space-y-5 px-5 py-5" autoComplete="off" onSubmit={(e) => (e.preventDefault(), save())}>
        <Field label="Server name" error={errors.name}>
          {(props) => <Input {...props} autoFocus value={form.name} onChange={set('name')} className="font-mono" data-testid="wrappers-server-name" />}
        </Field>
        <div className="grid grid-cols-[1fr_8rem] gap-3">
          <Field label="Host" error={errors.host}>
            {(props) => <Input {...props} value={form.host} onChange={set('host')} placeholder="db.example.com" data-testid="wrappers-server-host" />}
          </Field>
          <Field label="Port" error={errors.port}>
            {(props) => <Input {...props} inputMode="numeric" value={form.port} onChange={set('port')} data-testid="wrappers-server-port" />}
          </Field>
        </div>
        <Field label="Database" error={errors.dbname}>
          {(props) => <Input {...props} value={form.dbname} onChange={set('dbname')} data-testid="wrappers-server-dbname" />}
        </Field>
        <Field label="User" error={errors.user}>
          {(props) => <Input {...props} value={form.user} onChange={set('user')} data-testid="wrappers-server-user" />}
        </Field>
        <Field label="Password" error={errors.password} description="Required: a connection without a password is refused.">
          {(props) => <Input {...props} type="password" autoComplete="new-password" value={form.password} onChange={set('password')} data-testid="wrappers-server-password" />}
        </Field>
        <button type="submit" hidden aria-hidden />
      </form>
    </SidePanel>
  );
}
