import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import type { LogSourcePage } from './log-sources.ts';
import { HTTP_METHODS, STATUS_CLASSES, type HttpMethod, type SourceFilters, type StatusClass } from './source-sql.ts';

const selectClass = 'h-8 rounded-md border border-line-strong bg-surface-2 px-2 text-xs text-fg focus:border-brand/70 focus:outline-none';
const SEARCH_DELAY_MS = 350;

interface SourceFiltersBarProps {
  page: LogSourcePage;
  filters: SourceFilters;
  onChange: (filters: SourceFilters) => void;
  isLive: boolean;
  onLiveChange: (isLive: boolean) => void;
  /** Why live tail cannot be switched on (a custom range ends in the past), if it cannot. */
  liveDisabledReason: string | null;
}

/** Search (the message contains the text), status class and method where the source has them, live tail. */
export function SourceFiltersBar({ page, filters, onChange, isLive, onLiveChange, liveDisabledReason }: SourceFiltersBarProps) {
  const [search, setSearch] = useState(filters.search);
  // Searching as one types, once the typing pauses.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);
  useEffect(() => setSearch(filters.search), [filters.search]);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative w-72">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-3.5 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <Input
          type="search"
          aria-label="Search events"
          placeholder="Search events"
          className="h-8 pl-8 text-xs"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && onChange({ ...filters, search })}
        />
      </div>
      {page.statusSql && (
        <select aria-label="Status" className={selectClass} value={filters.status ?? ''} onChange={(e) => onChange({ ...filters, status: (e.target.value || null) as StatusClass | null })}>
          <option value="">All statuses</option>
          {STATUS_CLASSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      )}
      {page.methodSql && (
        <select aria-label="Method" className={selectClass} value={filters.method ?? ''} onChange={(e) => onChange({ ...filters, method: (e.target.value || null) as HttpMethod | null })}>
          <option value="">All methods</option>
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
      )}
      <Tooltip content={liveDisabledReason} isEnabled={!!liveDisabledReason}>
        <label className="ml-1 flex items-center gap-2 text-xs text-fg-muted">
          <Switch checked={isLive} onChange={onLiveChange} disabled={!!liveDisabledReason} aria-label="Live tail" data-testid="logs-live-tail" />
          Live tail
        </label>
      </Tooltip>
    </div>
  );
}
