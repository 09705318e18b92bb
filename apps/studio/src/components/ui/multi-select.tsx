import { Check, ChevronsUpDown, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';

interface MultiSelectProps {
  /** Accessible name of the control. */
  label: string;
  id?: string;
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}

/** Chips for the chosen values and a searchable checklist (opening below, in the page flow) to add or remove them. */
export function MultiSelect({ label, id, options, value, onChange, placeholder = 'Select...', searchPlaceholder = 'Search...', emptyText = 'No options found', disabled, invalid, describedBy, testId }: MultiSelectProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const shown = useMemo(() => options.filter((option) => option.toLowerCase().includes(search.trim().toLowerCase())), [options, search]);

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    // On click, not mousedown: the open list is in the page flow, and collapsing it on mousedown would
    // move the button being clicked (Save) out from under the pointer.
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [isOpen]);
  useEffect(() => setActive(0), [search, isOpen]);

  function toggle(option: string) {
    onChange(value.includes(option) ? value.filter((item) => item !== option) : [...value, option]);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      else setActive((i) => Math.min(i + 1, shown.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && isOpen && shown[active]) {
      event.preventDefault();
      toggle(shown[active]);
    }
  }

  return (
    <div ref={rootRef} onKeyDown={onKeyDown} data-testid={testId}>
      <div
        className={cn(
          'relative flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border bg-surface-2 py-1 pl-1.5 pr-9 text-sm',
          invalid ? 'border-danger/70' : 'border-line-strong',
          disabled && 'opacity-60',
        )}
      >
        {value.length === 0 && <span className="px-1.5 text-fg-subtle">{placeholder}</span>}
        {value.map((item) => (
          <span key={item} className="inline-flex items-center gap-1 rounded border border-line-strong bg-surface-3 py-0.5 pl-2 pr-1 font-mono text-xs text-fg">
            {item}
            {!disabled && (
              <button type="button" onClick={() => toggle(item)} aria-label={`Remove ${item}`} className="rounded p-0.5 text-fg-subtle hover:text-fg">
                <X className="size-3" aria-hidden />
              </button>
            )}
          </span>
        ))}
        <button
          id={id}
          type="button"
          aria-label={label}
          aria-haspopup="listbox"
          aria-expanded={isOpen}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => setIsOpen((open) => !open)}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-fg-subtle hover:text-fg disabled:cursor-not-allowed"
        >
          <ChevronsUpDown className="size-3.5" aria-hidden />
        </button>
      </div>
      {isOpen && (
        // In the flow rather than floating: panels clip overflow, and an open list must not cover the form's buttons.
        <div className="mt-1 w-full overflow-hidden rounded-lg border border-line-strong bg-surface-2 shadow-xl">
          <div className="flex items-center gap-2 border-b border-line px-2.5">
            <Search className="size-3.5 text-fg-subtle" aria-hidden />
            <input
              autoFocus
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={searchPlaceholder}
              aria-controls={listId}
              className="h-9 w-full bg-transparent text-sm text-fg placeholder:text-fg-subtle focus:outline-none"
            />
          </div>
          <ul id={listId} role="listbox" aria-multiselectable aria-label={label} className="max-h-64 overflow-y-auto p-1">
            {shown.length === 0 && <li className="px-2 py-1.5 text-sm text-fg-subtle">{emptyText}</li>}
            {shown.map((option, index) => {
              const isSelected = value.includes(option);
              return (
                <li
                  key={option}
                  role="option"
                  aria-selected={isSelected}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => toggle(option)}
                  className={cn('flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm', index === active ? 'bg-surface-3 text-fg' : 'text-fg-muted')}
                >
                  <Check className={cn('size-3.5', !isSelected && 'invisible')} aria-hidden />
                  <span className="truncate font-mono text-xs">{option}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
