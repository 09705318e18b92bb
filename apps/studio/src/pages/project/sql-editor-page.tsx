import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { isSnippetId, useSnippetQuery } from '../../data/content/snippet-query.ts';
import { newUuid } from '../../data/content/uuid.ts';
import { SqlEditorLayout } from '../../features/sql-editor/sql-editor-layout.tsx';
import { SqlEditorScreen } from '../../features/sql-editor/sql-editor-screen.tsx';
import { useSqlAccess } from '../../features/sql-editor/sql-access.ts';
import type { NewQueryState } from '../../features/sql-editor/template-gallery.tsx';

function isNewQueryState(value: unknown): value is NewQueryState {
  return !!value && typeof value === 'object' && typeof (value as NewQueryState).sql === 'string' && typeof (value as NewQueryState).name === 'string';
}

/**
 * /project/{ref}/sql/new and /project/{ref}/sql/{id}. A new query gets its id now and is created by
 * its first autosave; the address then becomes /sql/{id} while the same editor stays open. The
 * legacy self-hosted address /sql/1 opens a new query too.
 */
export default function SqlEditorPage() {
  const { ref = '', id } = useParams();
  const location = useLocation();
  const access = useSqlAccess(ref);
  const isNew = !isSnippetId(id);
  // A fresh id each time the user asks for a new query (each navigation to /sql/new).
  const pendingId = useMemo(() => newUuid(), [location.key]);
  const snippet = useSnippetQuery(ref, isNew ? undefined : id);
  const template = isNew && isNewQueryState(location.state) ? location.state : null;

  let content;
  if (isNew) {
    content = (
      <SqlEditorScreen
        key={pendingId}
        projectRef={ref}
        snippetId={pendingId}
        snippet={undefined}
        initialSql={template?.sql ?? ''}
        newName={template?.name}
        canCreate={access.canCreate}
        isReadOnlySql={access.isReadOnlySql}
      />
    );
  } else if (snippet.data) {
    content = (
      <SqlEditorScreen
        key={snippet.data.id}
        projectRef={ref}
        snippetId={snippet.data.id}
        snippet={snippet.data}
        initialSql={snippet.data.content.sql}
        canCreate={access.canCreate}
        isReadOnlySql={access.isReadOnlySql}
      />
    );
  } else if (snippet.isError) {
    content =
      isApiError(snippet.error) && snippet.error.status === 404 ? (
        <div className="p-6">
          <EmptyState
            title="Content not found"
            description="This query does not exist, or it is another member's personal query."
            actions={<ButtonLink to={`/project/${ref}/sql/new`}>New query</ButtonLink>}
          />
        </div>
      ) : (
        <div className="p-6">
          <ErrorState error={snippet.error} title="Failed to load the query" onRetry={() => void snippet.refetch()} />
        </div>
      );
  } else {
    content = <LoadingArea label="Loading query" />;
  }

  return <SqlEditorLayout projectRef={ref}>{content}</SqlEditorLayout>;
}
