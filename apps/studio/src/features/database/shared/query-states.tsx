import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';

interface QueryLike<T> {
  data: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryStatesProps<T> {
  query: QueryLike<T>;
  /** The rows to show (filtered); defaults to all data. */
  items?: T[];
  errorTitle: string;
  empty: { icon?: ReactNode; title: string; description?: ReactNode; actions?: ReactNode };
  /** Shown instead of `empty` when a search hides every row. */
  noResults?: { title: string; description?: ReactNode } | null;
  children: (items: T[]) => ReactNode;
  testId?: string;
}

/** Every database list's loading, error (with retry) and empty states in one place. */
export function QueryStates<T>({ query, items, errorTitle, empty, noResults, children, testId }: QueryStatesProps<T>) {
  if (query.isLoading) return <SkeletonRows rows={4} />;
  if (query.error) return <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />;
  const all = query.data ?? [];
  const shown = items ?? all;
  if (all.length === 0) return <EmptyState {...empty} testId={testId ? `${testId}-empty` : undefined} />;
  if (shown.length === 0 && noResults) {
    return <EmptyState title={noResults.title} description={noResults.description} testId={testId ? `${testId}-no-results` : undefined} />;
  }
  return <>{children(shown)}</>;
}
