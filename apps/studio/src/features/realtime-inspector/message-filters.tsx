import { Search } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { MESSAGE_TYPES, toggleType, type MessageFilter } from './realtime-messages.ts';

/** Which types are shown (none chosen: all of them) and a text that event, summary or payload must contain. */
export function MessageFilters({ filter, onChange, shown, total }: { filter: MessageFilter; onChange: (filter: MessageFilter) => void; shown: number; total: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-line px-6 py-2" data-testid="realtime-filters">
      <div role="group" aria-label="Message types" className="flex flex-wrap items-center gap-1.5">
        {MESSAGE_TYPES.map((type) => {
          const isOn = filter.types.includes(type.value);
          return (
            <button
              key={type.value}
              type="button"
              aria-pressed={isOn}
              onClick={() => onChange({ ...filter, types: toggleType(filter.types, type.value) })}
              className={cn(
                'h-7 rounded-full border px-3 text-xs font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40',
                isOn ? 'border-brand/50 bg-brand/15 text-brand' : 'border-line-strong text-fg-muted hover:text-fg',
              )}
            >
              {type.label}
            </button>
          );
        })}
      </div>
      <label className="relative flex items-center">
        <Search className="pointer-events-none absolute left-2.5 size-3.5 text-fg-subtle" aria-hidden />
        <input
          type="search"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
          placeholder="Filter messages"
          aria-label="Filter messages"
          className="h-8 w-64 rounded-md border border-line-strong bg-surface-2 pl-8 pr-2 text-sm text-fg placeholder:text-fg-subtle focus:border-brand/70 focus:outline-none"
        />
      </label>
      <span className="ml-auto text-xs text-fg-subtle" data-testid="realtime-message-count" aria-live="polite">
        {shown === total ? `${total} ${total === 1 ? 'message' : 'messages'}` : `${shown} of ${total} messages`}
      </span>
    </div>
  );
}
