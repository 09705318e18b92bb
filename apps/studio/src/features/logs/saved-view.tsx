import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Bookmark, Search, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Snippet } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useSnippetDeleteMutation } from '../../data/content/snippet-delete-mutation.ts';
import { snippetsOf, useSnippetsQuery } from '../../data/content/snippets-query.ts';
import { useFeatureFlagsQuery } from '../../data/feature-flags/feature-flags-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { savedQueryUrl } from './explorer-link.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** /logs/explorer/saved: the project's saved log queries (this user's and the shared ones), behind the saved_log_queries flag. */
export function SavedView({ projectRef }: { projectRef: string }) {
  const flags = useFeatureFlagsQuery();
  if (flags.data && !flags.data.saved_log_queries) {
    return (
      <PageContainer size="wide">
        <PageHeader title="Saved queries" />
        <EmptyState
          icon={<Bookmark />}
          title="Saved queries are turned off"
          description="The operator of this Plinth platform turned saved log queries off (PLINTH_FEATURE_FLAGS). Recent queries and templates still work."
          testId="logs-saved-off"
        />
      </PageContainer>
    );
  }
  return <SavedQueries projectRef={projectRef} />;
}

function SavedQueries({ projectRef }: { projectRef: string }) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [toDelete, setToDelete] = useState<Snippet | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setName(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useSnippetsQuery(projectRef, { type: 'log_sql', name: name || undefined });
  const remove = useSnippetDeleteMutation(projectRef);
  const snippets = snippetsOf(query.data?.pages);

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          toast.success(`Deleted "${toDelete.name}"`);
          setToDelete(null);
        },
        onError: (error) => toast.error(`Failed to delete query: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <PageContainer size="wide">
      <div data-testid="logs-saved">
        <PageHeader title="Saved queries" description="Log queries saved from the Logs Explorer: yours, and those shared with the project." />
        <div className="relative mb-4 max-w-sm">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-3.5 -translate-y-1/2 text-fg-subtle" aria-hidden />
          <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Search by name" aria-label="Search saved queries" className="pl-8" />
        </div>
        {query.isPending ? (
          <SkeletonRows rows={4} />
        ) : query.isError ? (
          <ErrorState error={query.error} title="Failed to load saved queries" onRetry={() => void query.refetch()} />
        ) : snippets.length === 0 ? (
          <EmptyState
            icon={<Bookmark />}
            title={name ? 'No queries found' : 'No saved queries yet'}
            description={name ? `No saved query is named like "${name}".` : 'Write a query in the Logs Explorer and press Save to keep it here.'}
            testId="logs-saved-empty"
            actions={!name && (
              <ButtonLink to={`/project/${projectRef}/logs/explorer`} variant="primary">
                Open the Logs Explorer
              </ButtonLink>
            )}
          />
        ) : (
          <>
            <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface">
              {snippets.map((snippet) => (
                <li key={snippet.id} className="flex items-start gap-3 px-4 py-3 hover:bg-surface-2" data-testid="logs-saved-query">
                  <Link to={savedQueryUrl(projectRef, snippet)} className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 text-sm font-medium text-fg">
                      {snippet.name}
                      <Badge tone={snippet.visibility === 'project' ? 'info' : 'neutral'}>{snippet.visibility === 'project' ? 'Shared' : 'Personal'}</Badge>
                    </span>
                    {snippet.description && <span className="mt-0.5 block text-xs text-fg-muted">{snippet.description}</span>}
                    <pre className="mt-1 line-clamp-2 whitespace-pre-wrap break-words font-mono text-xs text-fg-subtle">{snippet.content.sql}</pre>
                    <time className="mt-1 block text-xs text-fg-subtle" dateTime={snippet.updated_at} title={formatDateTime(snippet.updated_at)}>
                      Saved {formatRelative(snippet.updated_at)} by {snippet.owner.username}
                    </time>
                  </Link>
                  {snippet.can_edit && (
                    <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} aria-label={`Delete ${snippet.name}`} onClick={() => setToDelete(snippet)} />
                  )}
                </li>
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-3 flex justify-center">
                <Button size="sm" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
        <ConfirmDialog
          open={!!toDelete}
          onOpenChange={(open) => !open && setToDelete(null)}
          title="Delete saved query"
          description={
            toDelete?.visibility === 'project'
              ? `"${toDelete.name}" is shared: it is deleted for every member of the project.`
              : `"${toDelete?.name ?? ''}" is deleted for good.`
          }
          confirmLabel="Delete"
          variant="danger"
          isLoading={remove.isPending}
          onConfirm={confirmDelete}
          testId="logs-saved-delete"
        />
      </div>
    </PageContainer>
  );
}
