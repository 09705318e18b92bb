import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Action, Resource, can } from '@plinth/permissions';
import type { Organization } from '@plinth/api-contract';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useFreeProjectLimitQuery } from '../../data/organizations/free-project-limit-query.ts';
import { useProjectCreateMutation } from '../../data/projects/project-create-mutation.ts';
import { errorMessage, isApiError } from '../../lib/api.ts';
import { MIN_DB_PASSWORD_LENGTH } from '../../lib/constants.ts';
import { FreeProjectLimitNotice } from './free-project-limit-notice.tsx';
import { PasswordField } from './password-field.tsx';

interface Values {
  name: string;
  password: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function validate({ name, password }: Values): Errors {
  const errors: Errors = {};
  if (!name.trim()) errors.name = 'Please provide a project name';
  else if (name.trim().length > 64) errors.name = 'Project name must be at most 64 characters';
  if (!password) errors.password = 'Please provide a database password';
  else if (password.length < MIN_DB_PASSWORD_LENGTH) errors.password = `Database password must be at least ${MIN_DB_PASSWORD_LENGTH} characters`;
  else if (password.length > 128) errors.password = 'Database password must be at most 128 characters';
  return errors;
}

export function ProjectCreateForm({ organization, organizations }: { organization: Organization; organizations: Organization[] }) {
  const navigate = useNavigate();
  const create = useProjectCreateMutation();
  const limit = useFreeProjectLimitQuery(organization.slug, { enabled: organization.plan.id === 'free' });
  const [values, setValues] = useState<Values>({ name: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const errors = validate(values);
  const canCreate = can(organization.role, Action.CREATE, Resource.PROJECTS);
  const membersAtLimit = organization.plan.id === 'free' ? (limit.data ?? []) : [];
  const isBlocked = !canCreate || membersAtLimit.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ name: true, password: true });
    if (isBlocked || Object.values(errors).some(Boolean)) return;
    create.mutate(
      { name: values.name.trim(), organization_slug: organization.slug, db_pass: values.password },
      {
        onSuccess: (project) => {
          toast.success(`Created project ${project.name}`);
          navigate(`/project/${project.ref}/building`);
        },
        onError: (error) => {
          toast.error(`Failed to create new project: ${errorMessage(error)}`);
          if (isApiError(error) && error.code === 'free_project_limit_reached') void limit.refetch();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create a new project">
      <Panel
        title="Create a new project"
        description="Your project will have its own dedicated Postgres database, auth, storage, edge functions, realtime and an API."
        footer={
          <>
            <ButtonLink to="/projects" variant="outline">
              Cancel
            </ButtonLink>
            <DisabledTooltip isDisabled={isBlocked} content={!canCreate ? 'You need additional permissions to create projects' : 'The free project limit has been reached'}>
              <Button type="submit" variant="primary" isLoading={create.isPending} disabled={isBlocked} data-testid="create-project">
                Create new project
              </Button>
            </DisabledTooltip>
          </>
        }
      >
        <div className="space-y-5">
          {!canCreate && <NoPermission action="create projects in this organization" />}
          {membersAtLimit.length > 0 && <FreeProjectLimitNotice members={membersAtLimit} />}
          <Field label="Organization">
            {(props) => (
              <Select {...props} name="organization" value={organization.slug} onChange={(e) => navigate(`/new/${e.target.value}`)}>
                {organizations.map((org) => (
                  <option key={org.slug} value={org.slug}>
                    {org.name} ({org.plan.name})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Project name" error={touched.name ? errors.name : null}>
            {(props) => (
              <Input
                {...props}
                name="name"
                placeholder="Project name"
                autoFocus
                value={values.name}
                onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
                onBlur={() => setTouched((t) => ({ ...t, name: true }))}
              />
            )}
          </Field>
          <PasswordField
            value={values.password}
            onChange={(password) => setValues((v) => ({ ...v, password }))}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={touched.password ? errors.password : null}
          />
        </div>
      </Panel>
    </form>
  );
}
