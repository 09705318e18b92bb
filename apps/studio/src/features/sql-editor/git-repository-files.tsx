import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useGitConnectionQuery } from '../../data/git/git-connection-query.ts';
import { useGitFilesQuery } from '../../data/git/git-files-query.ts';
import { isApiError, errorMessage } from '../../lib/api.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** Saves text as a downloaded .sql file. */
export function saveText(text: string, fileName: string) {
  saveBlob(new Blob([text], { type: 'application/sql' }), fileName);
}

/**
 * The connected repository's existing supabase/migrations (or seed.sql) at the production branch,
 * each downloadable: what the new file joins. Nothing when the project has no Git connection.
 */
export function GitRepositoryFiles({ projectRef, target }: { projectRef: string; target: 'migration' | 'seed' }) {
  const connection = useGitConnectionQuery(projectRef);
  const files = useGitFilesQuery(projectRef, !!connection.data);
  if (!connection.data) return null;
  const where = `${connection.data.repository.name} @ ${connection.data.production_branch}`;
  return (
    <div className="space-y-2 rounded-md border border-line p-3" data-testid="download-git-files">
      <p className="text-xs font-medium text-fg">
        {target === 'migration' ? 'Migrations in' : 'Seed file in'} <span className="font-mono">{where}</span>
      </p>
      {files.isPending ? (
        <p className="text-xs text-fg-muted">Reading the repository…</p>
      ) : files.isError ? (
        <p className="text-xs text-danger" role="alert">
          {isApiError(files.error) ? `${files.error.code}: ` : ''}
          {errorMessage(files.error)}
        </p>
      ) : target === 'migration' ? (
        files.data.migrations.length === 0 ? (
          <p className="text-xs text-fg-muted">No migrations yet in {files.data.directory ? `${files.data.directory}/` : ''}supabase/migrations.</p>
        ) : (
          <ul className="max-h-40 space-y-1 overflow-auto">
            {files.data.migrations.map((m) => (
              <FileRow key={m.path} path={m.path} onDownload={() => saveText(m.sql, `${m.version}_${m.name}.sql`)} />
            ))}
          </ul>
        )
      ) : files.data.seed === null ? (
        <p className="text-xs text-fg-muted">The repository has no seed.sql yet.</p>
      ) : (
        <ul>
          <FileRow path={files.data.seed.path} onDownload={() => files.data.seed && saveText(files.data.seed.sql, 'seed.sql')} />
        </ul>
      )}
    </div>
  );
}

function FileRow({ path, onDownload }: { path: string; onDownload: () => void }) {
  return (
    <li className="flex items-center justify-between gap-2 font-mono text-xs text-fg-muted" data-testid="download-git-file">
      <span className="truncate">{path}</span>
      <Button size="sm" variant="ghost" icon={<Download className="size-3.5" />} onClick={onDownload} aria-label={`Download ${path}`} />
    </li>
  );
}
