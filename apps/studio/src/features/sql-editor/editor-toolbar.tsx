import { AlignLeft, Loader2, Lock, Play, Square, Star, Users, Workflow } from 'lucide-react';
import type { Snippet } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import { NO_LIMIT, ROW_LIMITS, type TimeoutChoice } from './run-settings.ts';
import type { SaveStatus } from './use-snippet-autosave.ts';

const SAVE_LABELS: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  error: 'Not saved',
  forbidden: 'Not saved',
};

interface EditorToolbarProps {
  name: string;
  snippet: Snippet | undefined;
  saveStatus: SaveStatus;
  isRunning: boolean;
  isReadOnlySql: boolean;
  rowLimit: number;
  timeoutMs: number;
  /** The time-outs this member may choose (the server caps them by role and engine). */
  timeoutChoices: TimeoutChoice[];
  onRowLimitChange: (limit: number) => void;
  onTimeoutChange: (ms: number) => void;
  onRename: () => void;
  onToggleFavorite: () => void;
  onFormat: () => void;
  onExplain: () => void;
  onRun: () => void;
  onCancel: () => void;
}

const selectClass = 'h-7 rounded-md border border-line-strong bg-surface-2 px-1.5 text-xs text-fg focus:border-brand/70 focus:outline-none';

/** Name, favourite and save state on the left; limit, time-out, Format, Explain and Run/Cancel on the right. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { snippet, saveStatus, isRunning } = props;
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-line px-3" data-testid="sql-toolbar">
      <button
        type="button"
        onClick={props.onRename}
        disabled={!snippet?.can_edit}
        className="min-w-0 truncate rounded px-1.5 py-1 text-sm font-medium text-fg enabled:hover:bg-surface-3"
        title={snippet?.can_edit ? 'Rename query' : undefined}
        data-testid="sql-query-name"
      >
        {props.name}
      </button>
      {snippet?.visibility === 'project' && <Users className="size-3.5 shrink-0 text-fg-subtle" aria-label="Project query" />}
      {snippet && (
        <button
          type="button"
          aria-label={snippet.content.favorite ? 'Remove from favorites' : 'Add to favorites'}
          aria-pressed={snippet.content.favorite}
          disabled={!snippet.can_edit}
          onClick={props.onToggleFavorite}
          className="rounded p-1 text-fg-subtle enabled:hover:bg-surface-3 enabled:hover:text-fg"
          data-testid="sql-favorite"
        >
          <Star className={cn('size-4', snippet.content.favorite && 'fill-warning text-warning')} />
        </button>
      )}
      <span className="shrink-0 text-xs text-fg-subtle" data-testid="sql-save-status" data-status={saveStatus}>
        {SAVE_LABELS[saveStatus]}
      </span>
      <div className="ml-auto flex shrink-0 items-center gap-2">
        {props.isReadOnlySql && (
          <Tooltip content="Your role runs queries in a read-only transaction: they can read data but not change it.">
            <span className="inline-flex items-center gap-1 rounded border border-line-strong px-1.5 py-0.5 text-[11px] text-fg-muted">
              <Lock className="size-3" aria-hidden /> Read-only
            </span>
          </Tooltip>
        )}
        <label className="flex items-center gap-1 text-xs text-fg-subtle">
          Limit
          <select aria-label="Row limit" className={selectClass} value={props.rowLimit} onChange={(e) => props.onRowLimitChange(Number(e.target.value))}>
            {ROW_LIMITS.map((limit) => (
              <option key={limit} value={limit}>
                {limit.toLocaleString()} rows
              </option>
            ))}
            <option value={NO_LIMIT}>No limit</option>
          </select>
        </label>
        <label className="flex items-center gap-1 text-xs text-fg-subtle">
          Time-out
          <select aria-label="Statement time-out" className={selectClass} value={props.timeoutMs} onChange={(e) => props.onTimeoutChange(Number(e.target.value))}>
            {props.timeoutChoices.map((t) => (
              <option key={t.ms} value={t.ms}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" variant="ghost" icon={<AlignLeft className="size-3.5" />} onClick={props.onFormat}>
          Format SQL
        </Button>
        <Button size="sm" variant="outline" icon={<Workflow className="size-3.5" />} onClick={props.onExplain} disabled={isRunning}>
          Explain
        </Button>
        {isRunning ? (
          <Button size="sm" variant="danger" icon={<Square className="size-3.5" />} onClick={props.onCancel} data-testid="sql-cancel">
            Cancel
          </Button>
        ) : (
          <Tooltip content="Run the selection, or everything (Ctrl+Enter / Cmd+Enter)">
            <Button size="sm" variant="primary" icon={isRunning ? <Loader2 className="size-3.5 animate-spin" /> : <Play className="size-3.5" />} onClick={props.onRun} data-testid="sql-run">
              Run
            </Button>
          </Tooltip>
        )}
      </div>
    </div>
  );
}
