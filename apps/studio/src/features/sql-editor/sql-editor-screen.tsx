import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Snippet } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useCompletionSchemaQuery } from '../../data/sql/completion-schema-query.ts';
import { useQueryLimitsQuery } from '../../data/sql/query-limits-query.ts';
import { destructiveReason, splitStatements, statementAt } from '../../data/sql/statements.ts';
import { CodeEditor, type CodeEditorHandle } from './code-editor.tsx';
import { EditorToolbar } from './editor-toolbar.tsx';
import { ResultsPanel } from './results-panel.tsx';
import { runSettings, timeoutChoices } from './run-settings.ts';
import { SplitPane } from './split-pane.tsx';
import { useSnippetAction } from './sql-editor-layout.tsx';
import { NEW_QUERY_NAME, NO_SAVE_PERMISSION_MESSAGE, useSnippetAutosave } from './use-snippet-autosave.ts';
import { useSqlRunner, type RunRequest } from './use-sql-runner.ts';

interface SqlEditorScreenProps {
  projectRef: string;
  snippetId: string;
  /** The saved snippet; undefined for a query not saved yet. */
  snippet: Snippet | undefined;
  initialSql: string;
  /** Name a new query gets when its first save creates it. */
  newName?: string;
  canCreate: boolean;
  isReadOnlySql: boolean;
}

/** One query: the editor, its toolbar and its results, saved as the user types. */
export function SqlEditorScreen({ projectRef, snippetId, snippet, initialSql, newName = NEW_QUERY_NAME, canCreate, isReadOnlySql }: SqlEditorScreenProps) {
  const navigate = useNavigate();
  const editor = useRef<CodeEditorHandle>(null);
  const perform = useSnippetAction();
  const completion = useCompletionSchemaQuery(projectRef);
  const { state, run, cancel } = useSqlRunner(projectRef);
  const [rowLimit, setRowLimit] = useState(runSettings.rowLimit);
  const [chosenTimeoutMs, setTimeoutMs] = useState(runSettings.timeoutMs);
  // A run asks no longer than the server allows this member (a longer ask would be refused).
  const maxTimeoutMs = useQueryLimitsQuery(projectRef).data?.max_statement_timeout_ms;
  const timeoutMs = maxTimeoutMs === undefined ? chosenTimeoutMs : Math.min(chosenTimeoutMs, maxTimeoutMs);
  const [confirm, setConfirm] = useState<{ request: RunRequest; reasons: string[] } | null>(null);
  const canSave = snippet ? snippet.can_edit : canCreate;
  const autosave = useSnippetAutosave({
    ref: projectRef,
    snippetId,
    isCreated: !!snippet,
    canSave,
    newName,
    // The query now exists: its address becomes /sql/{id} without leaving the editor.
    onCreated: (id) => void navigate(`/project/${projectRef}/sql/${id}`, { replace: true }),
  });

  function startRun(mode: 'run' | 'explain') {
    const handle = editor.current;
    if (!handle || state.status === 'running') return;
    const editorText = handle.getText();
    const selection = handle.getSelection();
    let sql = selection.text.trim() ? selection.text : editorText;
    let offset = selection.text.trim() ? selection.from : 0;
    if (mode === 'explain') {
      // A plan is for one statement: the selected one, else the one under the cursor.
      const statement = selection.text.trim() ? splitStatements(sql)[0] : statementAt(splitStatements(editorText), handle.getCursor());
      if (!statement) return;
      offset += statement.from;
      sql = statement.text;
    }
    if (!sql.trim()) {
      toast.info('There is no SQL to run yet.');
      return;
    }
    const request: RunRequest = { sql, offset, mode, editorText, rowLimit, timeoutMs };
    const reasons = mode === 'run'
      ? splitStatements(sql).flatMap((statement, index, all) => {
          const reason = destructiveReason(statement);
          return reason ? [all.length > 1 ? `Statement ${index + 1} ${reason}.` : `This query ${reason}.`] : [];
        })
      : [];
    if (reasons.length > 0) setConfirm({ request, reasons });
    else void run(request);
  }

  async function formatSql() {
    const handle = editor.current;
    if (!handle) return;
    const text = handle.getText();
    try {
      // Loaded on first use: the formatter is large and most sessions never need it.
      const { format } = await import('sql-formatter');
      const formatted = format(text, { language: 'postgresql', tabWidth: 2, keywordCase: 'preserve', linesBetweenQueries: 2 });
      if (formatted !== text) handle.setText(formatted);
    } catch (error) {
      toast.error(`Failed to format query: ${errorMessage(error)}`);
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="sql-editor-screen">
      <EditorToolbar
        name={snippet?.name ?? newName}
        snippet={snippet}
        saveStatus={autosave.status}
        isRunning={state.status === 'running'}
        isReadOnlySql={isReadOnlySql}
        rowLimit={rowLimit}
        timeoutMs={timeoutMs}
        timeoutChoices={timeoutChoices(maxTimeoutMs)}
        onRowLimitChange={(limit) => (setRowLimit(limit), runSettings.setRowLimit(limit))}
        onTimeoutChange={(ms) => (setTimeoutMs(ms), runSettings.setTimeoutMs(ms))}
        onRename={() => snippet && perform('rename', snippet)}
        onToggleFavorite={() => snippet && perform('favorite', snippet)}
        onFormat={() => void formatSql()}
        onExplain={() => startRun('explain')}
        onRun={() => startRun('run')}
        onCancel={cancel}
      />
      {!canSave && (
        <p role="note" className="shrink-0 border-b border-warning/30 bg-warning/10 px-3 py-1.5 text-xs text-warning" data-testid="sql-not-saved-notice">
          {NO_SAVE_PERMISSION_MESSAGE}
        </p>
      )}
      <SplitPane
        top={
          <CodeEditor
            ref={editor}
            initialValue={initialSql}
            onChange={autosave.schedule}
            onRun={() => startRun('run')}
            completionSchema={completion.data}
          />
        }
        bottom={<ResultsPanel state={state} onGoToError={(offset) => editor.current?.select(offset)} />}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Potential issue detected with your query"
        description="It contains operations that cannot be undone. Make sure you are not removing something important."
        confirmLabel="Run this query"
        variant="danger"
        onConfirm={() => {
          if (confirm) void run(confirm.request);
          setConfirm(null);
        }}
        testId="sql-destructive-dialog"
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-fg-muted">
          {confirm?.reasons.map((reason) => <li key={reason}>{reason}</li>)}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
