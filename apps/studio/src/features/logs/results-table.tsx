import { useMemo, useState } from 'react';
import { CellValue } from '../../components/ui/cell-value.tsx';
import { DataGrid, type CellPosition, type DataGridColumn } from '../../components/ui/data-grid.tsx';
import { rowKey, timestampMs, type LogRow } from '../../data/logs/log-rows.ts';
import { columnsOf, formatLogTime } from './log-columns.ts';

const WIDTHS: Record<string, number> = { id: 300, timestamp: 200, event_message: 440, metadata: 320, path: 280, method: 90, status: 80 };

function widthOf(name: string): number {
  return WIDTHS[name] ?? Math.min(280, Math.max(100, name.length * 9 + 40));
}

function Cell({ name, value }: { name: string; value: unknown }) {
  const ms = name === 'timestamp' || name === 'last_seen' ? timestampMs(value) : null;
  if (ms !== null) return <span className="truncate font-mono text-xs text-fg">{formatLogTime(ms)}</span>;
  return <CellValue value={value} />;
}

interface ResultsTableProps {
  rows: readonly LogRow[];
  selectedKey: string | null;
  onSelect: (row: LogRow) => void;
}

/** Whatever the query selected, virtualised; choosing a row (click, arrows) opens its details. */
export function ResultsTable({ rows, selectedKey, onSelect }: ResultsTableProps) {
  const names = useMemo(() => columnsOf(rows), [rows]);
  const columns = useMemo<DataGridColumn[]>(() => names.map((name) => ({ key: name, header: name, width: widthOf(name) })), [names]);
  const [active, setActive] = useState<CellPosition | null>(null);

  function choose(cell: CellPosition) {
    setActive(cell);
    const row = rows[cell.row];
    if (row) onSelect(row);
  }

  return (
    <DataGrid
      label="Log query results"
      testId="logs-results-grid"
      columns={columns}
      rowCount={rows.length}
      rowHeight={30}
      activeCell={active}
      onActiveCellChange={choose}
      onCellActivate={choose}
      isRowSelected={(index) => rows[index] !== undefined && rowKey(rows[index]) === selectedKey}
      renderCell={(row, column) => <Cell name={names[column]} value={rows[row]?.[names[column]]} />}
    />
  );
}
