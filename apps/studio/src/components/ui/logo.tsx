import { cn } from '../../lib/cn.ts';

/** The Plinth mark: a column on its base. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-6', className)}>
      <rect width="32" height="32" rx="7" className="fill-surface-3" />
      <path
        d="M9 23h14M11 19.5h10M13 9h6v10.5h-6z"
        className="stroke-brand"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-fg', className)}>
      <LogoMark />
      <span>Plinth</span>
    </span>
  );
}
