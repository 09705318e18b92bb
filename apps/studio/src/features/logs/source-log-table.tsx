import { useMemo, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { DataGrid, type CellPosition, type DataGridColumn } from '../../components/ui/data-grid.tsx';
import { rowKey, rowTimestampMs, type LogRow } from '../../data/logs/log-rows.ts';
import { cn } from '../../lib/cn.ts';
import { statusTone } from '../edge-functions/log-entry-fields.ts';
import { formatLogTime } from './log-columns.ts';
import type { LogSourcePage } from './log-sources.ts';

type Column = 'timestamp' | 'status' | 'method' | 'level' | 'event_message';

const LEVEL_CLASSES: Record<string, string> = { error: 'text-danger', fatal: 'text-danger', warning: 'text-warning', warn: 'text-warning', info: 'text-info' };

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function Cell({ column, row }: { column: Column; row: LogRow }) {
  if (column === 'timestamp') {
    const ms = rowTimestampMs(row);
    return <span className="truncate font-mono text-xs text-fg-muted">{ms === null ? text(row.timestamp) : formatLogTime(ms)}</span>;
  }
  if (column === 'status') {
    const status = Number(row.status);
    if (!row.status || !Number.isFinite(status)) return null;
    const tone = statusTone(status);
    return (
      <span data-testid="log-status" data-status={status}>
        <Badge tone={tone}>{status}</Badge>
      </span>
    );
  }
  if (column === 'method') return <span className="font-mono text-xs text-fg">{text(row.method)}</span>;
  if (column === 'level') {
    const level = text(row.level).toLowerCase();
    return <span className={cn('font-mono text-xs uppercase', LEVEL_CLASSES[level] ?? 'text-fg-subtle')}>{level}</span>;
  }
  return <span className="truncate font-mono text-xs text-fg">{text(row.event_message).replace(/[\r\n\t]+/g, ' ')}</span>;
}

interface SourceLogTableProps {
  page: LogSourcePage;
  rows: readonly LogRow[];
  selectedKey: string | null;
  onSelect: (row: LogRow) => void;
}

/** A source's entries, newest first, virtualised: time, status, method, level and the message. */
export function SourceLogTable({ page, rows, selectedKey, onSelect }: SourceLogTableProps) {
  const [active, setActive] = useState<CellPosition | null>(null);
  const columns = useMemo(() => {
    const list: (DataGridColumn & { key: Column })[] = [{ key: 'timestamp', header: 'Timestamp', width: 200 }];
    if (page.statusSql) list.push({ key: 'status', header: 'Status', width: 80 });
    if (page.methodSql) list.push({ key: 'method', header: 'Method', width: 84 });
    if (page.levelSql) list.push({ key: 'level', header: 'Level', width: 84 });
    list.push({ key: 'event_message', header: 'Event message', width: 900 });
    return list;
  }, [page]);

  function choose(cell: CellPosition) {
    setActive(cell);
    const row = rows[cell.row];
    if (row) onSelect(row);
  }

  return (
    <DataGrid
      label={`${page.title} logs`}
      testId="source-logs-grid"
      columns={columns}
      rowCount={rows.length}
      rowHeight={30}
      activeCell={active}
      onActiveCellChange={choose}
      onCellActivate={choose}
      isRowSelected={(index) => rows[index] !== undefined && rowKey(rows[index]) === selectedKey}
      renderCell={(index, column) => (rows[index] ? <Cell column={columns[column].key} row={rows[index]} /> : null)}
    />
  );
}
