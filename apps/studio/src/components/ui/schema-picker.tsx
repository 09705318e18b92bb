import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronsUpDown, Plus, RotateCw, Search } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

/** The value of the 'All schemas' entry. */
export const ALL_SCHEMAS = '*';

interface SchemaPickerProps {
  schemas: string[];
  value: string;
  onChange: (schema: string) => void;
  isLoading?: boolean;
  isError?: boolean;
  onReload?: () => void;
  /** Offer an 'All schemas' entry (value ALL_SCHEMAS). */
  showAllSchemas?: boolean;
  /** Offer a 'Create a new schema' entry. */
  onCreateSchema?: () => void;
  className?: string;
}

type Entry = { kind: 'all' } | { kind: 'schema'; name: string } | { kind: 'create' };

/** A searchable schema dropdown ('Find schema...'), used by several screens. */
export function SchemaPicker({
  schemas,
  value,
  onChange,
  isLoading = false,
  isError = false,
  onReload,
  showAllSchemas = false,
  onCreateSchema,
  className,
}: SchemaPickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const entries = useMemo<Entry[]>(() => {
    const needle = search.trim().toLowerCase();
    const found = schemas.filter((name) => name.toLowerCase().includes(needle)).map((name) => ({ kind: 'schema' as const, name }));
    return [
      ...(showAllSchemas && !needle ? [{ kind: 'all' as const }] : []),
      ...found,
      ...(onCreateSchema ? [{ kind: 'create' as const }] : []),
    ];
  }, [schemas, search, showAllSchemas, onCreateSchema]);
  const hasSchemas = entries.some((entry) => entry.kind === 'schema');

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [isOpen]);

  useEffect(() => setActive(0), [search, isOpen]);

  function choose(entry: Entry) {
    if (entry.kind === 'create') onCreateSchema?.();
    else onChange(entry.kind === 'all' ? ALL_SCHEMAS : entry.name);
    setIsOpen(false);
    setSearch('');
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      setIsOpen(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, entries.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && entries[active]) {
      event.preventDefault();
      choose(entries[active]);
    }
  }

  if (isError) {
    return (
      <div className={cn('flex items-center gap-2 text-sm text-danger', className)} role="alert">
        <span>Failed to load schemas</span>
        {onReload && (
          <button type="button" onClick={onReload} className="inline-flex items-center gap-1 rounded-md border border-line-strong px-2 py-1 text-xs text-fg hover:bg-surface-3">
            <RotateCw className="size-3" aria-hidden />
            Reload schemas
          </button>
        )}
      </div>
    );
  }

  const label = value === ALL_SCHEMAS ? 'All schemas' : value;
  return (
    <div ref={rootRef} className={cn('relative', className)} onKeyDown={onKeyDown}>
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        disabled={isLoading}
        className="flex h-8 w-full items-center justify-between gap-2 rounded-md border border-line-strong bg-surface-2 px-2.5 text-sm text-fg hover:border-fg-subtle disabled:opacity-60"
      >
        <span className="truncate">
          <span className="text-fg-subtle">schema </span>
          {isLoading ? 'Loading…' : label}
        </span>
        {isLoading ? <Spinner className="size-3.5" /> : <ChevronsUpDown className="size-3.5 text-fg-subtle" aria-hidden />}
      </button>
      {isOpen && (
        <div className="absolute left-0 top-full z-50 mt-1 w-full min-w-56 overflow-hidden rounded-lg border border-line-strong bg-surface-2 shadow-xl">
          <div className="flex items-center gap-2 border-b border-line px-2.5">
            <Search className="size-3.5 text-fg-subtle" aria-hidden />
            <input
              autoFocus
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Find schema..."
              aria-controls={listId}
              className="h-9 w-full bg-transparent text-sm text-fg placeholder:text-fg-subtle focus:outline-none"
            />
          </div>
          <ul id={listId} role="listbox" className="max-h-64 overflow-y-auto p-1">
            {!hasSchemas && <li className="px-2 py-1.5 text-sm text-fg-subtle">No schemas found</li>}
            {entries.map((entry, index) => {
              const isSelected = entry.kind === 'all' ? value === ALL_SCHEMAS : entry.kind === 'schema' && entry.name === value;
              const text = entry.kind === 'all' ? 'All schemas' : entry.kind === 'create' ? 'Create a new schema' : entry.name;
              return (
                <li
                  key={entry.kind === 'schema' ? entry.name : entry.kind}
                  role="option"
                  aria-selected={isSelected}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(entry)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                    index === active ? 'bg-surface-3 text-fg' : 'text-fg-muted',
                    entry.kind === 'create' && 'mt-1 border-t border-line',
                  )}
                >
                  {entry.kind === 'create' ? <Plus className="size-3.5" aria-hidden /> : <Check className={cn('size-3.5', !isSelected && 'invisible')} aria-hidden />}
                  <span className="truncate">{text}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
