import { useState } from 'react';
import { Eye, EyeOff, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { generatePassword, passwordStrength } from '../../lib/password.ts';

const BAR_COLORS = ['bg-danger', 'bg-danger', 'bg-warning', 'bg-info', 'bg-brand'];

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null | undefined;
}

/** Database password with a strength hint and a generator. */
export function PasswordField({ value, onChange, onBlur, error }: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  const hint = passwordStrength(value);

  return (
    <Field
      label="Database password"
      error={error}
      aside={
        <button
          type="button"
          className="inline-flex items-center gap-1 font-medium text-brand hover:underline"
          onClick={() => {
            onChange(generatePassword());
            setIsVisible(true);
          }}
        >
          <Wand2 className="size-3" aria-hidden />
          Generate a password
        </button>
      }
    >
      {(props) => (
        <div className="space-y-2">
          <div className="relative">
            <Input
              {...props}
              name="db_pass"
              type={isVisible ? 'text' : 'password'}
              autoComplete="new-password"
              placeholder="Type in a strong password"
              className="pr-10 font-mono"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
            />
            <Button
              size="sm"
              variant="ghost"
              className="absolute right-1 top-1/2 -translate-y-1/2 px-1.5"
              aria-label={isVisible ? 'Hide password' : 'Show password'}
              onClick={() => setIsVisible((v) => !v)}
            >
              {isVisible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
            </Button>
          </div>
          <div className="flex gap-1" aria-hidden>
            {[1, 2, 3, 4].map((step) => (
              <div key={step} className={cn('h-1 flex-1 rounded-full', hint.score >= step && value ? BAR_COLORS[hint.score] : 'bg-surface-3')} />
            ))}
          </div>
          <p className="text-xs text-fg-subtle" data-testid="password-strength" aria-live="polite">
            {hint.label && <span className="font-medium text-fg-muted">{hint.label}. </span>}
            {hint.message} Store it somewhere safe: you will need it to connect to the database directly.
          </p>
        </div>
      )}
    </Field>
  );
}
