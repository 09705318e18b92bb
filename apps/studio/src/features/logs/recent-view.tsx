import { Link } from 'react-router';
import { History } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { explorerUrl } from './explorer-link.ts';
import { useRecentQueries } from './recent-queries.ts';

/** /logs/explorer/recent: this user's last 20 queries in this project (kept in this browser). */
export function RecentView({ projectRef }: { projectRef: string }) {
  const session = useSessionQuery();
  const { list } = useRecentQueries(session.data?.user.id, projectRef);
  return (
    <PageContainer size="wide">
      <div data-testid="logs-recent">
        <PageHeader title="Recent queries" description="Your last 20 queries in this project, newest first. They are kept in this browser only." />
        {list.length === 0 ? (
          <EmptyState
            icon={<History />}
            title="No recent queries"
            description="Queries you run in the Logs Explorer show here, so you can open them again."
            testId="logs-recent-empty"
            actions={
              <ButtonLink to={`/project/${projectRef}/logs/explorer`} variant="primary">
                Open the Logs Explorer
              </ButtonLink>
            }
          />
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface">
            {list.map((entry) => (
              <li key={entry.sql}>
                <Link to={explorerUrl(projectRef, entry.sql)} className="block px-4 py-3 hover:bg-surface-2" data-testid="logs-recent-query">
                  <pre className="line-clamp-3 whitespace-pre-wrap break-words font-mono text-xs text-fg">{entry.sql}</pre>
                  <time className="mt-1 block text-xs text-fg-subtle" dateTime={entry.ranAt} title={formatDateTime(entry.ranAt)}>
                    Ran {formatRelative(entry.ranAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageContainer>
  );
}
