import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Play } from 'lucide-react';
import { REPORT_CHART_KINDS, type ReportChart } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { newUuid } from '../../data/content/uuid.ts';
import { CodeEditor, type CodeEditorHandle } from '../sql-editor/code-editor.tsx';
import { LOG_COMPLETION_SCHEMA } from '../logs/log-sources.ts';
import { QueryError } from '../logs/query-error.tsx';
import { DEFAULT_EXPLORER_SQL } from '../logs/templates.ts';
import { chartProblem, ChartResult } from './chart-result.tsx';
import { MAX_Y_COLUMNS, resultColumns, settleAxes } from './chart-settings.ts';
import type { ReportRange } from './report-range.ts';
import { useReportLogs } from './use-report-logs.ts';

const KIND_LABELS: Record<ReportChart['kind'], string> = { bar: 'Bar', line: 'Line', table: 'Table' };

interface ChartEditorPanelProps {
  projectRef: string;
  range: ReportRange;
  /** The chart to edit; null for a new one. Undefined closes the panel. */
  chart: ReportChart | null | undefined;
  isSaving: boolean;
  onSave: (chart: ReportChart) => void;
  onClose: () => void;
}

/**
 * Escape in the query editor is CodeMirror's "let Tab leave the editor" key, so it must not close
 * the panel (and lose the chart being written); Cancel and the close button still do.
 */
function isInCodeEditor(): boolean {
  return document.activeElement instanceof Element && document.activeElement.closest('.cm-editor') !== null;
}

/** Adds or edits one chart: its title, its log query (run over the report's range), its kind and axes. */
export function ChartEditorPanel({ projectRef, range, chart, isSaving, onSave, onClose }: ChartEditorPanelProps) {
  return (
    <SidePanel open={chart !== undefined} onRequestClose={() => !isInCodeEditor() && onClose()} title={chart ? 'Edit chart' : 'Add chart'} size="xlarge" testId="report-chart-editor">
      {chart !== undefined && <ChartEditorForm key={chart?.id ?? 'new'} projectRef={projectRef} range={range} chart={chart} isSaving={isSaving} onSave={onSave} onClose={onClose} />}
    </SidePanel>
  );
}

function ChartEditorForm({ projectRef, range, chart, isSaving, onSave, onClose }: Omit<ChartEditorPanelProps, 'chart'> & { chart: ReportChart | null }) {
  const editor = useRef<CodeEditorHandle>(null);
  const [title, setTitle] = useState(chart?.title ?? '');
  const [sql, setSql] = useState(chart?.sql ?? DEFAULT_EXPLORER_SQL);
  // An existing chart's query runs at once, so its columns are there to choose from.
  const [ranSql, setRanSql] = useState(chart?.sql ?? '');
  const [kind, setKind] = useState<ReportChart['kind']>(chart?.kind ?? 'bar');
  const [axes, setAxes] = useState<Pick<ReportChart, 'x' | 'y'>>({ x: chart?.x, y: chart?.y ?? [] });
  const [isTouched, setIsTouched] = useState(false);
  const preview = useReportLogs(projectRef, ranSql, range, ranSql.trim() !== '');
  const columns = useMemo(() => resultColumns(preview.rows), [preview.rows]);

  // Each new result keeps the chosen axes it still has, and picks the rest.
  useEffect(() => {
    if (preview.rows.length > 0) setAxes((current) => settleAxes(preview.rows, current));
  }, [preview.rows]);

  function run() {
    const text = editor.current?.getText() ?? sql;
    setSql(text);
    if (text.trim()) setRanSql(text);
  }

  const titleError = isTouched && !title.trim() ? 'Please enter a chart title' : null;
  const hasRun = ranSql.trim() !== '' && ranSql === sql && !preview.query.isLoading && !preview.query.isError && !preview.queryError;
  const saveProblem = !sql.trim()
    ? 'Write a log query for the chart.'
    : kind === 'table'
      ? null
      : !hasRun
        ? 'Run the query to choose the columns to plot.'
        : chartProblem({ kind, ...axes }, columns.all);

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (!title.trim() || saveProblem) return;
    const isAxes = kind !== 'table';
    onSave({
      id: chart?.id ?? newUuid(),
      title: title.trim(),
      sql,
      kind,
      x: isAxes ? axes.x : undefined,
      y: isAxes ? (axes.y ?? []).filter((column) => columns.all.includes(column)).slice(0, MAX_Y_COLUMNS) : undefined,
    });
  }

  function toggleY(column: string, isOn: boolean) {
    setAxes((current) => ({ ...current, y: isOn ? [...(current.y ?? []), column].slice(0, MAX_Y_COLUMNS) : (current.y ?? []).filter((c) => c !== column) }));
  }

  return (
    <form onSubmit={submit} className="flex h-full flex-col">
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-5">
        <Field label="Title" error={titleError}>
          {(field) => <Input {...field} value={title} autoFocus maxLength={200} onChange={(e) => setTitle(e.target.value)} onBlur={() => setIsTouched(true)} data-testid="report-chart-title" />}
        </Field>
        <div className="space-y-1.5">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium text-fg" id="report-chart-sql-label">Log query</span>
            <Button size="sm" variant="outline" icon={<Play className="size-3.5" />} isLoading={preview.query.isFetching} onClick={run} data-testid="report-chart-run">
              Run
            </Button>
          </div>
          <div className="h-52 overflow-hidden rounded-md border border-line-strong" aria-labelledby="report-chart-sql-label">
            <CodeEditor ref={editor} initialValue={sql} onChange={setSql} onRun={run} completionSchema={LOG_COMPLETION_SCHEMA} />
          </div>
          <p className="text-xs text-fg-subtle">Runs over the report’s time range (Ctrl+Enter, Cmd+Enter on a Mac). Press Escape, then Tab, to leave the editor.</p>
          {preview.queryError && <QueryError error={preview.queryError} />}
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1.5">
            <span className="block text-sm font-medium text-fg">Chart</span>
            <SegmentedControl label="Chart kind" options={REPORT_CHART_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))} value={kind} onChange={setKind} />
          </div>
          {kind !== 'table' && (
            <Field label="X axis" className="w-56">
              {(field) => (
                <Select {...field} value={axes.x ?? ''} onChange={(e) => setAxes((current) => ({ ...current, x: e.target.value || undefined }))} disabled={columns.all.length === 0} data-testid="report-chart-x">
                  {columns.all.length === 0 && <option value="">Run the query first</option>}
                  {columns.all.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        </div>
        {kind !== 'table' && (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-fg">Y axis</legend>
            {columns.numeric.length === 0 ? (
              <p className="text-xs text-fg-subtle">{columns.all.length === 0 ? 'Run the query to list its numeric columns.' : 'The result has no numeric column to plot.'}</p>
            ) : (
              <div className="flex flex-wrap gap-x-4 gap-y-1.5">
                {columns.numeric.filter((column) => column !== axes.x).map((column) => (
                  <label key={column} className="flex items-center gap-1.5 font-mono text-xs text-fg">
                    <input type="checkbox" className="accent-brand" checked={(axes.y ?? []).includes(column)} onChange={(e) => toggleY(column, e.target.checked)} />
                    {column}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}
        <div className="rounded-lg border border-line bg-surface-2/40 p-3" data-testid="report-chart-preview">
          {!ranSql.trim() ? (
            <p className="py-6 text-center text-sm text-fg-subtle">Run the query to preview the chart.</p>
          ) : preview.query.isLoading ? (
            <SkeletonRows rows={3} />
          ) : preview.query.isError ? (
            <ErrorState error={preview.query.error} title="Failed to run the query" />
          ) : preview.queryError ? (
            <p className="py-6 text-center text-sm text-fg-subtle">The query did not run: the server’s message is under the editor.</p>
          ) : preview.rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-fg-subtle">The query found no rows in this time range.</p>
          ) : (
            <ChartResult chart={{ kind, title: title || 'Preview', ...axes }} rows={preview.rows} />
          )}
        </div>
      </div>
      <div className="flex items-center justify-end gap-2 border-t border-line px-5 py-3">
        {isTouched && saveProblem && (
          <p role="alert" className="mr-auto text-xs text-danger">
            {saveProblem}
          </p>
        )}
        <Button variant="ghost" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isLoading={isSaving} data-testid="report-chart-save">
          Save chart
        </Button>
      </div>
    </form>
  );
}
