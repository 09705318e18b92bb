import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';

interface LogListFrameProps {
  query: {
    isLoading: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  count: number;
  errorTitle: string;
  empty: { icon: ReactNode; title: string; description: string; testId: string };
  children: ReactNode;
}

/** The states around a log list (loading, failed, empty) and its "Load older" button. */
export function LogListFrame({ query, count, errorTitle, empty, children }: LogListFrameProps) {
  if (query.isLoading) return <SkeletonRows rows={5} />;
  if (query.isError) return <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />;
  if (count === 0) return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} testId={empty.testId} />;
  return (
    <div className="space-y-3">
      {children}
      <div className="flex justify-center">
        {query.hasNextPage ? (
          <Button variant="outline" size="sm" isLoading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load older
          </Button>
        ) : (
          <p className="text-xs text-fg-subtle">No older entries.</p>
        )}
      </div>
    </div>
  );
}
