import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useSignInMutation } from '../../data/auth/sign-in-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { safeReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { isEmail } from '../../lib/validation.ts';
import { FormError } from './form-error.tsx';

interface Errors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required';
  else if (!isEmail(email)) errors.email = 'Must be a valid email';
  if (!password) errors.password = 'Password is required';
  return errors;
}

export function SignInForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnToParam = params.get('returnTo');
  const returnTo = safeReturnTo(returnToParam);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const signIn = useSignInMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (level) => {
          if (level.isMfaRequired) navigate(withReturnTo('/sign-in-mfa', returnToParam), { replace: true });
          else navigate(returnTo, { replace: true });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Sign in">
      <Field label="Email" error={errors.email}>
        {(props) => (
          <Input
            {...props}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(props) => (
          <Input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="••••••••"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <FormError message={signIn.isError ? errorMessage(signIn.error) : null} testId="sign-in-error" />
      <Button type="submit" variant="primary" size="lg" className="w-full" isLoading={signIn.isPending}>
        Sign in
      </Button>
      <Link
        to={withReturnTo('/sign-in/sso', returnToParam)}
        className="flex h-10 w-full items-center justify-center rounded-md border border-line-strong text-sm font-medium text-fg hover:bg-surface-2"
        data-testid="sign-in-sso"
      >
        Continue with SSO
      </Link>
      <p className="text-center text-sm text-fg-muted">
        Don&apos;t have an account?{' '}
        <Link to={withReturnTo('/sign-up', returnToParam)} className="font-medium text-fg underline-offset-4 hover:underline">
          Sign up now
        </Link>
      </p>
    </form>
  );
}
