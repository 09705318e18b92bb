import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useSsoFinishMutation, useSsoStartMutation } from '../../data/auth/sso-sign-in-mutations.ts';
import { errorMessage } from '../../lib/api.ts';
import { safeReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { isEmail } from '../../lib/validation.ts';
import { FormError } from './form-error.tsx';

/**
 * "Continue with SSO": a work email sends the browser to its organisation's identity provider.
 * The provider sends it back here with `?code=` (finished into a session) or `?error=`.
 */
export function SsoSignInForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnToParam = params.get('returnTo');
  const code = params.get('code');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const start = useSsoStartMutation();
  const finish = useSsoFinishMutation();
  const finishing = useRef(false);

  useEffect(() => {
    // Once per code: a code works once (and StrictMode mounts effects twice).
    if (!code || finishing.current) return;
    finishing.current = true;
    finish.mutate(code, {
      onSuccess: (level) => {
        if (level.isMfaRequired) navigate(withReturnTo('/sign-in-mfa', level.returnTo), { replace: true });
        else navigate(safeReturnTo(level.returnTo), { replace: true });
      },
    });
  }, [code, finish, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = !trimmed ? 'Email is required' : !isEmail(trimmed) ? 'Must be a valid email' : undefined;
    setEmailError(problem);
    if (problem) return;
    start.mutate({ email: trimmed, returnTo: safeReturnTo(returnToParam) });
  }

  if (code && !finish.isError) return <p className="text-sm text-fg-muted" data-testid="sso-finishing">Signing you in…</p>;

  const failure = finish.isError ? errorMessage(finish.error) : start.isError ? errorMessage(start.error) : params.get('error');
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Sign in with SSO">
      <Field label="Work email" error={emailError}>
        {(props) => (
          <Input {...props} type="email" name="email" autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        )}
      </Field>
      <FormError message={failure} testId="sso-sign-in-error" />
      <Button type="submit" variant="primary" size="lg" className="w-full" isLoading={start.isPending || start.isSuccess}>
        Continue
      </Button>
      <p className="text-center text-sm text-fg-muted">
        <Link to={withReturnTo('/sign-in', returnToParam)} className="font-medium text-fg underline-offset-4 hover:underline">
          Sign in with password instead
        </Link>
      </p>
    </form>
  );
}
