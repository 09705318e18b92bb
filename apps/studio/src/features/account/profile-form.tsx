import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Profile } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useProfileUpdateMutation } from '../../data/profile/profile-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

interface Values {
  firstName: string;
  lastName: string;
  username: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function fromProfile(profile: Profile): Values {
  return { firstName: profile.first_name ?? '', lastName: profile.last_name ?? '', username: profile.username };
}

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (values.firstName.trim().length > 100) errors.firstName = 'First name must be at most 100 characters';
  if (values.lastName.trim().length > 100) errors.lastName = 'Last name must be at most 100 characters';
  if (!values.username.trim()) errors.username = 'Please provide a username';
  else if (values.username.trim().length > 64) errors.username = 'Username must be at most 64 characters';
  return errors;
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useProfileUpdateMutation();
  const [values, setValues] = useState<Values>(() => fromProfile(profile));
  const [isSubmitted, setIsSubmitted] = useState(false);
  useEffect(() => setValues(fromProfile(profile)), [profile]);
  const errors = validate(values);
  const initial = fromProfile(profile);
  const isDirty = (Object.keys(values) as (keyof Values)[]).some((key) => values[key].trim() !== initial[key]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.values(errors).some(Boolean) || !isDirty) return;
    update.mutate(
      { first_name: values.firstName.trim() || null, last_name: values.lastName.trim() || null, username: values.username.trim() },
      {
        onSuccess: () => toast.success('Successfully saved profile'),
        onError: (error) => toast.error(`Failed to update profile: ${errorMessage(error)}`),
      },
    );
  }

  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Panel
        title="Profile information"
        footer={
          <>
            <Button variant="outline" disabled={!isDirty || update.isPending} onClick={() => setValues(initial)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={!isDirty} isLoading={update.isPending} data-testid="save-profile">
              Save
            </Button>
          </>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="First name" error={isSubmitted ? errors.firstName : null}>
            {(props) => <Input {...props} name="first_name" autoComplete="given-name" {...field('firstName')} />}
          </Field>
          <Field label="Last name" error={isSubmitted ? errors.lastName : null}>
            {(props) => <Input {...props} name="last_name" autoComplete="family-name" {...field('lastName')} />}
          </Field>
          <Field label="Username" error={isSubmitted || values.username === '' ? errors.username : null} description="Shown to the members of your organizations.">
            {(props) => <Input {...props} name="username" autoComplete="username" {...field('username')} />}
          </Field>
          <Field label="Email address" description="The address you sign in with.">
            {(props) => <Input {...props} value={profile.primary_email} readOnly disabled />}
          </Field>
        </div>
      </Panel>
    </form>
  );
}
