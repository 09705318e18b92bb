import { useState } from 'react';
import { Download } from 'lucide-react';
import type { Snippet } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { cn } from '../../lib/cn.ts';
import { fileSlug } from './format.ts';
import { GitRepositoryFiles, saveText } from './git-repository-files.tsx';

type Target = 'migration' | 'seed' | 'sql';
type Tool = 'cli' | 'npm';

const TABS: { id: Target; label: string; intro: string }[] = [
  { id: 'migration', label: 'Migration', intro: 'Add this query to your project as a new migration (supabase/migrations), then apply it.' },
  { id: 'seed', label: 'Seed file', intro: 'Append this query to supabase/seed.sql, which runs after the migrations whenever the local database is reset.' },
  { id: 'sql', label: 'SQL file', intro: 'Save this query as a plain SQL file and run it with psql against any Postgres connection string.' },
];

/** The commands a user runs after downloading `{slug}.sql`. */
export function downloadCommands(target: Target, tool: Tool, slug: string): string[] {
  const cli = tool === 'cli' ? 'supabase' : 'npx supabase';
  switch (target) {
    case 'migration':
      return [`${cli} migration new ${slug} < ${slug}.sql`, `${cli} db push`];
    case 'seed':
      return [`cat ${slug}.sql >> supabase/seed.sql`, `${cli} db reset`];
    case 'sql':
      return [`psql "$DATABASE_URL" -f ${slug}.sql`];
  }
}

/**
 * Download as migration file: tabs Migration, Seed file, SQL file, with a CLI/NPM toggle for the commands;
 * with a Git connection, the repository's existing migrations or seed.sql are listed beside them.
 */
export function DownloadSnippetDialog({ projectRef, snippet, onClose }: { projectRef: string; snippet: Snippet | null; onClose: () => void }) {
  const [target, setTarget] = useState<Target>('migration');
  const [tool, setTool] = useState<Tool>('cli');
  const slug = fileSlug(snippet?.name ?? 'query');
  const commands = downloadCommands(target, tool, slug).join('\n');
  const tab = TABS.find((t) => t.id === target)!;

  return (
    <Dialog open={snippet !== null} onOpenChange={(open) => !open && onClose()}>
      {snippet && (
        <DialogContent title={`Download "${snippet.name}"`} size="lg" testId="download-query-dialog">
          <div className="space-y-4">
            <div role="tablist" aria-label="Download as" className="flex gap-1 border-b border-line">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  role="tab"
                  aria-selected={t.id === target}
                  onClick={() => setTarget(t.id)}
                  className={cn('-mb-px border-b-2 px-3 py-1.5 text-sm', t.id === target ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg')}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <p className="text-sm text-fg-muted">{tab.intro}</p>
            <div className="flex items-center justify-between gap-2">
              <SegmentedControl
                label="Command style"
                options={[
                  { value: 'cli', label: 'CLI' },
                  { value: 'npm', label: 'NPM' },
                ]}
                value={tool}
                onChange={setTool}
              />
              <CopyButton value={commands} label="Copy commands" />
            </div>
            <pre className="overflow-x-auto rounded-md bg-surface-2 p-3 font-mono text-xs text-fg" data-testid="download-commands">
              {commands}
            </pre>
            {target !== 'sql' && <GitRepositoryFiles projectRef={projectRef} target={target} />}
            <pre className="max-h-48 overflow-auto rounded-md border border-line p-3 font-mono text-xs text-fg-muted">{snippet.content.sql || '-- (empty query)'}</pre>
            <div className="flex justify-end">
              <Button variant="primary" icon={<Download className="size-4" />} onClick={() => saveText(snippet.content.sql, `${slug}.sql`)}>
                Download {slug}.sql
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
