import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import type { FieldRenderProps } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { addDomains, isDomain } from './sso-provider-rules.ts';

interface SsoDomainsInputProps extends FieldRenderProps {
  value: string[];
  onChange: (domains: string[]) => void;
  disabled?: boolean;
}

/**
 * Email domains as chips: a comma, a space or Enter ends one (Enter on an empty box submits the
 * form), a pasted list is split, Backspace on an empty box takes the last one back. What is still
 * typed when the box loses focus becomes a chip too, so it is never silently left out.
 */
export function SsoDomainsInput({ value, onChange, disabled, ...fieldProps }: SsoDomainsInputProps) {
  const [text, setText] = useState('');

  function commit(input: string) {
    if (input.trim() !== '') onChange(addDomains(value, input));
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === ',' || event.key === ' ' || (event.key === 'Enter' && text.trim() !== '')) {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      setText(value[value.length - 1]);
      onChange(value.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[\s,]/.test(pasted.trim())) return;
    event.preventDefault();
    commit(text + pasted);
  }

  return (
    <div
      className={cn(
        'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-line-strong bg-surface-2 px-2 py-1.5',
        'focus-within:border-brand/70 focus-within:ring-2 focus-within:ring-brand/20',
        fieldProps['aria-invalid'] && 'border-danger/70',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <ul className="contents" aria-label="Domains">
        {value.map((domain) => {
          const isValid = isDomain(domain);
          return (
            <li
              key={domain}
              className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 font-mono text-xs', isValid ? 'border-line-strong bg-surface-3 text-fg' : 'border-danger/40 bg-danger/10 text-danger')}
              data-testid="sso-domain-chip"
              data-invalid={!isValid || undefined}
            >
              {domain}
              {!disabled && (
                <button type="button" className="rounded-full text-fg-subtle hover:text-fg" aria-label={`Remove ${domain}`} onClick={() => onChange(value.filter((d) => d !== domain))}>
                  <X className="size-3" aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <input
        {...fieldProps}
        className="h-6 min-w-32 flex-1 bg-transparent px-1 text-sm text-fg placeholder:text-fg-subtle focus:outline-none disabled:cursor-not-allowed"
        value={text}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
        placeholder={value.length === 0 ? 'example.com, example.org' : 'Add a domain'}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => commit(text)}
        data-testid="sso-domains-input"
      />
    </div>
  );
}
