import { Field, Input } from '../../components/ui/input.tsx';

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** The six digits of a typed code (spaces allowed while typing), or null when it is not one. */
export function totpCodeOf(input: string): string | null {
  const code = input.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** The one-time-code input shared by sign-in MFA and enrolment. */
export function TotpCodeField({ value, onChange, error, isLarge = false }: { value: string; onChange(value: string): void; error: string | null; isLarge?: boolean }) {
  return (
    <Field label="Authentication code" error={error}>
      {(props) => (
        <Input
          {...props}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          className={isLarge ? 'h-11 text-center font-mono text-lg tracking-[0.5em]' : 'font-mono tracking-[0.3em]'}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/[^\d ]/g, ''))}
          autoFocus
        />
      )}
    </Field>
  );
}
