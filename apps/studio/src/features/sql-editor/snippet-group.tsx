import { useEffect, useRef, useState } from 'react';
import { ChevronDown, ChevronRight, Search, X } from 'lucide-react';
import type { Snippet } from '@plinth/api-contract';
import { Spinner } from '../../components/ui/spinner.tsx';
import { snippetsOf, useSnippetsQuery } from '../../data/content/snippets-query.ts';
import type { SnippetFilter } from '../../data/content/keys.ts';
import { SnippetRow } from './snippet-row.tsx';
import type { SnippetAction } from './use-snippet-actions.tsx';

const FILTER_DEBOUNCE_MS = 300;

interface SnippetGroupProps {
  projectRef: string;
  title: string;
  filter: SnippetFilter;
  canCreate: boolean;
  onAction: (action: SnippetAction, snippet: Snippet) => void;
  testId: string;
}

/** 'Favorites', 'Project queries' or 'Your queries': a filterable list, 'No queries found' when empty. */
export function SnippetGroup({ projectRef, title, filter, canCreate, onAction, testId }: SnippetGroupProps) {
  const [isOpen, setIsOpen] = useState(true);
  const [isFiltering, setIsFiltering] = useState(false);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setName(text.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (isFiltering) inputRef.current?.focus();
  }, [isFiltering]);

  const query = useSnippetsQuery(projectRef, { ...filter, name: name || undefined });
  const snippets = snippetsOf(query.data?.pages);

  function closeFilter() {
    setText('');
    setName('');
    setIsFiltering(false);
  }

  return (
    <section data-testid={testId} aria-label={title}>
      <div className="flex h-7 items-center gap-1 px-1">
        <button type="button" onClick={() => setIsOpen((open) => !open)} className="flex min-w-0 flex-1 items-center gap-1 text-[11px] font-medium uppercase tracking-wider text-fg-subtle hover:text-fg">
          {isOpen ? <ChevronDown className="size-3.5" aria-hidden /> : <ChevronRight className="size-3.5" aria-hidden />}
          <span className="truncate">{title}</span>
        </button>
        <button
          type="button"
          aria-label={`Filter ${title}`}
          aria-pressed={isFiltering}
          onClick={() => (isFiltering ? closeFilter() : setIsFiltering(true))}
          className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg"
        >
          {isFiltering ? <X className="size-3.5" /> : <Search className="size-3.5" />}
        </button>
      </div>
      {isFiltering && (
        <input
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              closeFilter();
            }
          }}
          placeholder="Filter queries"
          aria-label={`Filter ${title}`}
          className="mx-1 mb-1 h-7 w-[calc(100%-0.5rem)] rounded-md border border-line-strong bg-surface-2 px-2 text-xs text-fg placeholder:text-fg-subtle focus:border-brand/70 focus:outline-none"
        />
      )}
      {isOpen && (
        <ul className="space-y-px">
          {query.isLoading && (
            <li className="flex items-center gap-2 px-2 py-1 text-xs text-fg-subtle">
              <Spinner className="size-3" /> Loading queries…
            </li>
          )}
          {query.isError && <li className="px-2 py-1 text-xs text-danger">Failed to load queries</li>}
          {query.isSuccess && snippets.length === 0 && <li className="px-2 py-1 text-xs text-fg-subtle">No queries found</li>}
          {snippets.map((snippet) => (
            <SnippetRow key={snippet.id} projectRef={projectRef} snippet={snippet} canCreate={canCreate} onAction={onAction} />
          ))}
          {query.hasNextPage && (
            <li>
              <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className="px-2 py-1 text-xs text-fg-muted hover:text-fg">
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
