import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useSignUpMutation } from '../../data/auth/sign-up-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { safeReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { isEmail } from '../../lib/validation.ts';
import { FormError } from './form-error.tsx';

/** The platform's own password policy (data-plane/auth PLATFORM_PASSWORD_POLICY); the server checks it too. */
const MIN_PASSWORD = 8;

interface Errors {
  email?: string;
  password?: string;
  confirm?: string;
}

function validate(email: string, password: string, confirm: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!isEmail(email)) errors.email = 'Must be a valid email';
  if (!password) errors.password = 'Password is required';
  else if ([...password].length < MIN_PASSWORD) errors.password = `Password should be at least ${MIN_PASSWORD} characters.`;
  else if (password.trim() === '') errors.password = 'Password cannot be only whitespace.';
  if (password && confirm !== password) errors.confirm = 'Passwords do not match';
  return errors;
}

export function SignUpForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnToParam = params.get('returnTo');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [needsConfirmation, setNeedsConfirmation] = useState(false);
  const signUp = useSignUpMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(email, password, confirm);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signUp.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ isSignedIn }) => {
          if (isSignedIn) navigate(safeReturnTo(returnToParam), { replace: true });
          else setNeedsConfirmation(true);
        },
      },
    );
  }

  if (needsConfirmation) {
    return (
      <div className="rounded-lg border border-line bg-surface-2 p-5 text-sm" role="status">
        <MailCheck className="mb-3 size-5 text-brand" aria-hidden />
        <p className="font-medium text-fg">Check your email to confirm your account</p>
        <p className="mt-1 text-fg-muted">We sent a confirmation link to {email.trim()}. Follow it, then sign in.</p>
        <Link to={withReturnTo('/sign-in', returnToParam)} className="mt-4 inline-block font-medium text-brand hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Sign up">
      <Field label="Email" error={errors.email}>
        {(props) => (
          <Input {...props} type="email" name="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        )}
      </Field>
      <Field label="Password" error={errors.password} description={`At least ${MIN_PASSWORD} characters.`}>
        {(props) => (
          <Input {...props} type="password" name="password" autoComplete="new-password" placeholder="••••••••" value={password} onChange={(e) => setPassword(e.target.value)} />
        )}
      </Field>
      <Field label="Confirm password" error={errors.confirm}>
        {(props) => (
          <Input {...props} type="password" name="confirm-password" autoComplete="new-password" placeholder="••••••••" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        )}
      </Field>
      <FormError message={signUp.isError ? errorMessage(signUp.error) : null} testId="sign-up-error" />
      <Button type="submit" variant="primary" size="lg" className="w-full" isLoading={signUp.isPending}>
        Sign up
      </Button>
      <p className="text-center text-sm text-fg-muted">
        Have an account?{' '}
        <Link to={withReturnTo('/sign-in', returnToParam)} className="font-medium text-fg underline-offset-4 hover:underline">
          Sign in now
        </Link>
      </p>
    </form>
  );
}
