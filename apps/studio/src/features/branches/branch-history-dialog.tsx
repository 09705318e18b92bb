import type { Branch } from '@plinth/api-contract';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useBranchMigrationsQuery } from '../../data/branches/branch-migrations-query.ts';
import { formatUtc } from '../../lib/format.ts';

const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 7) : '-');

/** A branch's migration history (what was applied, from which commit) and its failure log, oldest first. */
export function BranchHistoryDialog({ projectRef, branch, onClose }: { projectRef: string; branch: Branch | null; onClose: () => void }) {
  const log = useBranchMigrationsQuery(projectRef, branch?.id);
  return (
    <Dialog open={!!branch} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Migrations of ${branch?.name ?? ''}`} description="Applied from its Git branch, and every attempt that failed. Times are UTC." size="xl" testId="branch-history-dialog">
        {log.isPending ? (
          <SkeletonRows rows={3} />
        ) : log.isError ? (
          <ErrorState error={log.error} title="Failed to retrieve the branch's migrations" onRetry={() => void log.refetch()} />
        ) : (
          <div className="max-h-[60vh] space-y-4 overflow-auto">
            <Table label="Applied migrations">
              <thead>
                <tr>
                  <Th>Migration</Th>
                  <Th>Commit</Th>
                  <Th>Applied (UTC)</Th>
                </tr>
              </thead>
              <tbody data-testid="branch-history-applied">
                {log.data.migrations.length === 0 ? (
                  <tr>
                    <Td className="text-fg-muted">None yet</Td>
                  </tr>
                ) : (
                  log.data.migrations.map((m) => (
                    <tr key={m.version}>
                      <Td className="font-mono text-xs">{`${m.version}_${m.name}`}</Td>
                      <Td className="font-mono text-xs">{shortCommit(m.git_commit)}</Td>
                      <Td className="font-mono text-xs">{formatUtc(m.applied_at)}</Td>
                    </tr>
                  ))
                )}
              </tbody>
            </Table>
            {log.data.failures.length > 0 && (
              <Table label="Failures">
                <thead>
                  <tr>
                    <Th>Failed</Th>
                    <Th>Commit</Th>
                    <Th>Message</Th>
                  </tr>
                </thead>
                <tbody data-testid="branch-history-failures">
                  {log.data.failures.map((f, index) => (
                    <tr key={index}>
                      <Td className="font-mono text-xs">{formatUtc(f.failed_at)}</Td>
                      <Td className="font-mono text-xs">{shortCommit(f.git_commit)}</Td>
                      <Td className="whitespace-pre-wrap break-words text-xs text-danger">{f.message}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
