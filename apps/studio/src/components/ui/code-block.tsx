import { Check, Copy } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useCopied } from './use-copied.ts';

interface CodeBlockProps {
  code: string;
  /** Shown in the corner, e.g. "bash". */
  language?: string;
  className?: string;
  testId?: string;
}

/** Read-only code with a copy button; long lines scroll rather than wrap so commands stay exact. */
export function CodeBlock({ code, language, className, testId }: CodeBlockProps) {
  const { isCopied, copy } = useCopied();
  return (
    <div className={cn('overflow-hidden rounded-md border border-line bg-canvas', className)} data-testid={testId}>
      <div className="flex items-center justify-between gap-2 border-b border-line bg-surface-2/60 px-3 py-1">
        <span className="font-mono text-[10px] uppercase tracking-wide text-fg-subtle">{language}</span>
        <button
          type="button"
          onClick={() => void copy(code)}
          aria-label={isCopied ? 'Copied' : 'Copy code'}
          className="inline-flex h-6 items-center gap-1 rounded px-1.5 text-[11px] text-fg-muted hover:bg-surface-3 hover:text-fg"
        >
          {isCopied ? <Check className="size-3 text-brand" aria-hidden /> : <Copy className="size-3" aria-hidden />}
          {isCopied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="overflow-x-auto p-3 font-mono text-xs leading-relaxed text-fg">
        <code>{code}</code>
      </pre>
    </div>
  );
}
