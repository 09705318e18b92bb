import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LayoutTemplate, Play, Save } from 'lucide-react';
import { toast } from 'sonner';
import type { LogsQuery } from '@plinth/api-contract';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { useSnippetQuery } from '../../data/content/snippet-query.ts';
import { useFeatureFlagsQuery } from '../../data/feature-flags/feature-flags-query.ts';
import { useLogsPagesQuery } from '../../data/logs/logs-query.ts';
import { CodeEditor, type CodeEditorHandle } from '../sql-editor/code-editor.tsx';
import { SplitPane } from '../sql-editor/split-pane.tsx';
import { ExplorerResults } from './explorer-results.tsx';
import { LOG_COMPLETION_SCHEMA } from './log-sources.ts';
import { QueryError } from './query-error.tsx';
import { useRecentQueries } from './recent-queries.ts';
import { SaveQueryDialog } from './save-query-dialog.tsx';
import { DEFAULT_EXPLORER_SQL } from './templates.ts';
import { customRangeProblem, DEFAULT_RANGE, resolveRange, type RangeChoice } from './time-range.ts';
import { RetentionNote, TimeRangePicker } from './time-range-picker.tsx';
import { useProjectPlan } from './use-project-plan.ts';

/** A run: the request and a number that makes pressing Run again ask the server again. */
type Run = LogsQuery & { runId: number };

/**
 * /logs/explorer: SQL over the project's log sources in the SQL editor's CodeMirror, a time range
 * clipped to the plan's retention, and the results. `?q=` carries the query (templates, recent
 * queries and shared links open it and run it); it follows each run so the address can be shared.
 * `?saved=` names the saved query it was opened from, which Save then updates.
 */
export function ExplorerView({ projectRef }: { projectRef: string }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q');
  const savedId = params.get('saved') ?? undefined;
  const saved = useSnippetQuery(projectRef, savedId);
  const isSavingEnabled = useFeatureFlagsQuery().data?.saved_log_queries ?? false;
  const [isSaveOpen, setIsSaveOpen] = useState(false);
  const editor = useRef<CodeEditorHandle>(null);
  const { plan, slug } = useProjectPlan(projectRef);
  const session = useSessionQuery();
  const { record } = useRecentQueries(session.data?.user.id, projectRef);
  const [range, setRange] = useState<RangeChoice>(DEFAULT_RANGE);
  const [run, setRun] = useState<Run | null>(null);
  const query = useLogsPagesQuery(projectRef, run);
  // The SQL of the last run, so the address change a run makes does not run it twice.
  const lastRunSql = useRef<string | null>(null);
  const rangeProblem = customRangeProblem(range);

  const runSql = useCallback(
    (sql: string) => {
      if (!sql.trim()) {
        toast.info('There is no SQL to run yet.');
        return;
      }
      if (rangeProblem) {
        toast.error(rangeProblem);
        return;
      }
      const resolved = resolveRange(range, plan);
      setRun({ sql, iso_timestamp_start: resolved.start.toISOString(), iso_timestamp_end: resolved.end.toISOString(), runId: Date.now() });
      record(sql);
      lastRunSql.current = sql;
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('q', sql);
        return next;
      }, { replace: true });
    },
    [range, rangeProblem, plan, record, setParams],
  );

  function runEditor() {
    const handle = editor.current;
    if (!handle) return;
    const selection = handle.getSelection().text;
    runSql(selection.trim() ? selection : handle.getText());
  }

  // A query given in the address (a template, a recent query, a shared link) opens and runs.
  useEffect(() => {
    if (!q || q === lastRunSql.current) return;
    if (editor.current && editor.current.getText() !== q) editor.current.setText(q);
    runSql(q);
    // Only a new address runs it; the range or plan arriving later does not.
  }, [q]); // eslint-disable-line react-hooks/exhaustive-deps

  const serverError = query.data?.pages[0]?.error;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="logs-explorer">
      <div className="flex shrink-0 flex-wrap items-center gap-3 border-b border-line px-4 py-2.5">
        <h1 className="mr-auto text-base font-semibold text-fg">Logs Explorer</h1>
        <TimeRangePicker value={range} onChange={setRange} plan={plan} />
        <ButtonLink to={`/project/${projectRef}/logs/explorer/templates`} size="sm" variant="ghost" icon={<LayoutTemplate className="size-3.5" />}>
          Templates
        </ButtonLink>
        {isSavingEnabled && (
          <Button size="sm" variant="ghost" icon={<Save className="size-3.5" />} onClick={() => setIsSaveOpen(true)} data-testid="logs-save">
            Save
          </Button>
        )}
        <Tooltip content="Run the selection, or everything (Ctrl+Enter / Cmd+Enter)">
          <Button size="sm" variant="primary" icon={<Play className="size-3.5" />} isLoading={query.isFetching && !query.isFetchingNextPage} disabled={!!rangeProblem} onClick={runEditor} data-testid="logs-run">
            Run
          </Button>
        </Tooltip>
      </div>
      <RetentionNote value={range} plan={plan} slug={slug} className="shrink-0 border-b border-warning/30 bg-warning/10 px-4 py-1.5" />
      <SplitPane
        top={
          <div className="flex h-full min-h-0 flex-col">
            <div className="min-h-0 flex-1">
              <CodeEditor ref={editor} initialValue={q ?? DEFAULT_EXPLORER_SQL} onChange={() => undefined} onRun={runEditor} completionSchema={LOG_COMPLETION_SCHEMA} />
            </div>
            {serverError && <QueryError error={serverError} />}
          </div>
        }
        bottom={<ExplorerResults projectRef={projectRef} request={run} query={query} />}
      />
      {isSavingEnabled && (
        <SaveQueryDialog
          projectRef={projectRef}
          open={isSaveOpen}
          onOpenChange={setIsSaveOpen}
          sql={editor.current?.getText() ?? ''}
          saved={saved.data?.type === 'log_sql' ? saved.data : undefined}
          onSaved={(snippet) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('saved', snippet.id);
              return next;
            }, { replace: true })
          }
        />
      )}
    </div>
  );
}
