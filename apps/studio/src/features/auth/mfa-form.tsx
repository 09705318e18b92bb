import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field, Select } from '../../components/ui/input.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { useMfaFactorsQuery } from '../../data/auth/mfa-factors-query.ts';
import { useMfaVerifyMutation } from '../../data/auth/mfa-verify-mutation.ts';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { useSignOutMutation } from '../../data/auth/sign-out-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { safeReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { FormError } from './form-error.tsx';
import { TOTP_CODE_MESSAGE, TotpCodeField, totpCodeOf } from './totp-code-field.tsx';


/** Second step of signing in: a 6-digit code from the authenticator app (listFactors -> challenge -> verify). */
export function MfaForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnToParam = params.get('returnTo');
  const session = useSessionQuery();
  const userId = session.data?.user.id;
  const factors = useMfaFactorsQuery(userId);
  const verify = useMfaVerifyMutation();
  const signOut = useSignOutMutation();
  const [factorId, setFactorId] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const totpFactors = (factors.data ?? []).filter((f) => f.factor_type === 'totp' && f.status === 'verified');

  useEffect(() => {
    if (!factorId && totpFactors.length > 0) setFactorId(totpFactors[0].id);
  }, [factorId, totpFactors]);

  if (session.isPending) return <LoadingArea />;
  if (!session.data) return <Navigate to={withReturnTo('/sign-in', returnToParam)} replace />;
  if (factors.isPending) return <LoadingArea />;
  if (factors.isError) return <ErrorState error={factors.error} title="Failed to load your authenticators" onRetry={() => void factors.refetch()} />;
  // Nothing to verify: the session is as strong as it can be.
  if (totpFactors.length === 0) return <Navigate to={safeReturnTo(returnToParam)} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = totpCodeOf(code);
    if (!trimmed) {
      setCodeError(TOTP_CODE_MESSAGE);
      return;
    }
    setCodeError(null);
    verify.mutate({ factorId, code: trimmed }, { onSuccess: () => navigate(safeReturnTo(returnToParam), { replace: true }) });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Verify your identity">
      {totpFactors.length > 1 && (
        <Field label="Authenticator">
          {(props) => (
            <Select {...props} value={factorId} onChange={(e) => setFactorId(e.target.value)}>
              {totpFactors.map((factor) => (
                <option key={factor.id} value={factor.id}>
                  {factor.friendly_name || factor.id.slice(0, 8)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <TotpCodeField value={code} onChange={setCode} error={codeError} isLarge />
      <FormError message={verify.isError ? errorMessage(verify.error) : null} testId="mfa-error" />
      <Button type="submit" variant="primary" size="lg" className="w-full" isLoading={verify.isPending}>
        Verify
      </Button>
      <p className="text-center text-sm text-fg-muted">
        Not you?{' '}
        <button
          type="button"
          className="font-medium text-fg underline-offset-4 hover:underline"
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
        >
          Sign out
        </button>
      </p>
    </form>
  );
}
