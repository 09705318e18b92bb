import { Search } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** The filter box above a list; filtering is local, the lists are one schema's objects. */
export function SearchInput({ value, onChange, placeholder, className }: { value: string; onChange: (value: string) => void; placeholder: string; className?: string }) {
  return (
    <label className={cn('relative block w-64', className)}>
      <span className="sr-only">{placeholder}</span>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-3.5 -translate-y-1/2 text-fg-subtle" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="h-8 w-full rounded-md border border-line-strong bg-surface-2 pl-8 pr-2.5 text-sm text-fg placeholder:text-fg-subtle focus:border-brand/70 focus:outline-none focus:ring-2 focus:ring-brand/20"
      />
    </label>
  );
}

export function matches(needle: string, ...haystack: (string | null | undefined)[]): boolean {
  const n = needle.trim().toLowerCase();
  return n === '' || haystack.some((h) => (h ?? '').toLowerCase().includes(n));
}
