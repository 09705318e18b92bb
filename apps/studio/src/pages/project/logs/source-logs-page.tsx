import { useLocation, useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { logSourcePageOf } from '../../../features/logs/log-sources.ts';
import { SourceLogsView } from '../../../features/logs/source-logs-view.tsx';
import { NotFoundPage } from '../../../features/errors/not-found-page.tsx';

/** /project/{ref}/logs/{edge-logs|postgres-logs|postgrest-logs|pooler-logs|auth-logs|storage-logs|realtime-logs|function-edge-logs|function-logs}: the route names the source. */
export default function SourceLogsPage() {
  const { ref = '' } = useParams();
  const slug = useLocation().pathname.split('/').filter(Boolean).at(-1);
  const page = logSourcePageOf(slug);
  if (!page) return <NotFoundPage />;
  return (
    <LogsAccessGate projectRef={ref}>
      {/* A new source starts with its own filters, selection and live tail. */}
      <SourceLogsView key={page.slug} projectRef={ref} page={page} />
    </LogsAccessGate>
  );
}
