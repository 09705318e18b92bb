import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart3, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useCustomReportsQuery } from '../../data/reports/custom-reports-query.ts';
import { CustomReportView } from './custom-report-view.tsx';
import { NewReportDialog } from './new-report-dialog.tsx';
import { ReportFrame } from './report-frame.tsx';
import { ReportList } from './report-list.tsx';

/** /reports: the project's custom reports (`?report={id}` opens one; the first opens otherwise). */
export function CustomReportsView({ projectRef }: { projectRef: string }) {
  const reports = useCustomReportsQuery(projectRef);
  const [params, setParams] = useSearchParams();
  const [isCreating, setIsCreating] = useState(false);
  const list = [...(reports.data ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.inserted_at.localeCompare(b.inserted_at));
  const chosenId = params.get('report');
  const selected = list.find((report) => report.id === chosenId) ?? list[0];

  function open(id: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('report', id);
      else next.delete('report');
      return next;
    });
  }

  const newButton = (
    <Button variant="primary" size="sm" icon={<Plus className="size-3.5" />} onClick={() => setIsCreating(true)} data-testid="report-new">
      New custom report
    </Button>
  );

  return (
    <ReportFrame title="Custom reports" description="Charts of the project’s logs that you put together, saved for the whole project." actions={list.length > 0 && newButton} testId="report-custom">
      {reports.isLoading ? (
        <SkeletonRows rows={3} className="[&>div]:h-16" />
      ) : reports.isError ? (
        <ErrorState error={reports.error} title="Failed to load custom reports" onRetry={() => void reports.refetch()} />
      ) : !selected ? (
        <EmptyState
          icon={<BarChart3 />}
          title="No custom reports yet"
          description="Create a report and add charts to it: each chart is a log query drawn as bars, lines or a table over the time range you choose."
          actions={newButton}
          testId="report-custom-empty"
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <ReportList reports={list} selectedId={selected.id} onOpen={open} />
          <CustomReportView key={selected.id} projectRef={projectRef} report={selected} onDeleted={() => open(null)} />
        </div>
      )}
      <NewReportDialog projectRef={projectRef} open={isCreating} onOpenChange={setIsCreating} onCreated={(report) => open(report.id)} />
    </ReportFrame>
  );
}
