import { useState } from 'react';
import { BarChart3, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { CustomReport, ReportChart } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useCustomReportDeleteMutation } from '../../data/reports/custom-report-delete-mutation.ts';
import { useCustomReportUpsertMutation } from '../../data/reports/custom-report-upsert-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { ChartEditorPanel } from './chart-editor-panel.tsx';
import { CustomChartCard } from './custom-chart-card.tsx';
import { ReportRangePicker, ReportRetentionNote } from './report-range-picker.tsx';
import { useReportRange } from './use-report-range.ts';

/** One custom report: its charts over one time range, and adding, editing and removing them. */
export function CustomReportView({ projectRef, report, onDeleted }: { projectRef: string; report: CustomReport; onDeleted: () => void }) {
  const state = useReportRange(projectRef);
  const save = useCustomReportUpsertMutation(projectRef);
  const remove = useCustomReportDeleteMutation(projectRef);
  // undefined: no editor open; null: a new chart.
  const [editing, setEditing] = useState<ReportChart | null | undefined>(undefined);
  const [removing, setRemoving] = useState<ReportChart | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  /** Saves the whole report with `charts` in place of its current ones. */
  function saveCharts(charts: ReportChart[], done: () => void, message: string) {
    save.mutate(
      { id: report.id, name: report.name, description: report.description, visibility: report.visibility, charts },
      {
        onSuccess: () => {
          toast.success(message);
          done();
        },
        onError: (error) => toast.error(`Failed to save report: ${errorMessage(error)}`),
      },
    );
  }

  function saveChart(chart: ReportChart) {
    const exists = report.charts.some((c) => c.id === chart.id);
    const charts = exists ? report.charts.map((c) => (c.id === chart.id ? chart : c)) : [...report.charts, chart];
    saveCharts(charts, () => setEditing(undefined), exists ? `Saved chart "${chart.title}"` : `Added chart "${chart.title}"`);
  }

  function deleteReport() {
    remove.mutate(
      { id: report.id },
      {
        onSuccess: () => {
          toast.success(`Deleted report "${report.name}"`);
          setIsConfirmingDelete(false);
          onDeleted();
        },
        onError: (error) => toast.error(`Failed to delete report: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <section className="min-w-0 space-y-4" aria-labelledby="custom-report-name" data-testid="custom-report">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="custom-report-name" className="mr-auto truncate text-lg font-semibold text-fg" data-testid="custom-report-name">
          {report.name}
        </h2>
        <ReportRangePicker state={state} />
        {report.can_edit && (
          <>
            <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} onClick={() => setEditing(null)} data-testid="report-add-chart">
              Add chart
            </Button>
            <Button size="sm" variant="outline" icon={<Trash2 className="size-3.5" />} onClick={() => setIsConfirmingDelete(true)} data-testid="report-delete">
              Delete report
            </Button>
          </>
        )}
      </div>
      {report.description && <p className="text-sm text-fg-muted">{report.description}</p>}
      <ReportRetentionNote state={state} />
      {report.charts.length === 0 ? (
        <EmptyState
          icon={<BarChart3 />}
          title="No charts in this report yet"
          description="A chart draws the rows of a log query (over edge_logs, postgres_logs, auth_logs and the other sources) as bars, lines or a table."
          actions={report.can_edit && <Button variant="primary" icon={<Plus className="size-3.5" />} onClick={() => setEditing(null)}>Add chart</Button>}
          testId="custom-report-no-charts"
        />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {report.charts.map((chart) => (
            <CustomChartCard key={chart.id} projectRef={projectRef} chart={chart} range={state.range} canEdit={report.can_edit} onEdit={() => setEditing(chart)} onRemove={() => setRemoving(chart)} />
          ))}
        </div>
      )}
      <ChartEditorPanel projectRef={projectRef} range={state.range} chart={editing} isSaving={save.isPending} onSave={saveChart} onClose={() => !save.isPending && setEditing(undefined)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove chart "${removing?.title ?? ''}"?`}
        description="The chart is removed from this report; its query is not kept."
        confirmLabel="Remove chart"
        variant="danger"
        isLoading={save.isPending}
        onConfirm={() => removing && saveCharts(report.charts.filter((c) => c.id !== removing.id), () => setRemoving(null), `Removed chart "${removing.title}"`)}
        testId="report-chart-remove-dialog"
      />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={`Delete report "${report.name}"?`}
        description="The report and its charts are deleted for every member of the project. This cannot be undone."
        confirmLabel="Delete report"
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={deleteReport}
        testId="report-delete-dialog"
      />
    </section>
  );
}
