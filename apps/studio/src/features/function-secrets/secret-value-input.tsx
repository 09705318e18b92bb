import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Input, type FieldRenderProps } from '../../components/ui/input.tsx';

interface SecretValueInputProps extends FieldRenderProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  testId?: string;
  autoFocus?: boolean;
}

/** A value typed hidden, with a toggle to check it before saving; after saving it is never shown again. */
export function SecretValueInput({ value, onChange, placeholder, testId, autoFocus, ...fieldProps }: SecretValueInputProps) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="relative">
      <Input
        {...fieldProps}
        type={isShown ? 'text' : 'password'}
        // Not a password of this site: keep password managers from offering to save it.
        autoComplete="new-password"
        spellCheck={false}
        autoFocus={autoFocus}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="pr-9 font-mono"
        data-testid={testId}
      />
      <button
        type="button"
        onClick={() => setIsShown(!isShown)}
        aria-label={isShown ? 'Hide value' : 'Show value'}
        aria-pressed={isShown}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-fg-subtle hover:text-fg"
        data-testid={testId ? `${testId}-toggle` : undefined}
      >
        {isShown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
