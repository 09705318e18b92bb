/** The columns a chart may plot, and the choice made for a new result. */
import type { ReportChart } from '@plinth/api-contract';
import type { LogRow } from '../../data/logs/log-rows.ts';
import { columnsOf } from '../logs/log-columns.ts';
import { isNumericColumn, isTimeColumn } from './chart-data.ts';

export const MAX_Y_COLUMNS = 8;

export interface ResultColumns {
  all: string[];
  /** Columns whose every value is a number: what the y axis can plot. */
  numeric: string[];
}

export function resultColumns(rows: readonly LogRow[]): ResultColumns {
  const all = columnsOf(rows);
  return { all, numeric: all.filter((column) => isNumericColumn(rows, column)) };
}

/**
 * Keeps the chosen x and y where the new result still has them; otherwise x is the first time
 * column (else the first that is not a number, else the first) and y the numeric columns beside it.
 */
export function settleAxes(rows: readonly LogRow[], current: Pick<ReportChart, 'x' | 'y'>): Pick<ReportChart, 'x' | 'y'> {
  const { all, numeric } = resultColumns(rows);
  if (all.length === 0) return current;
  const x = current.x && all.includes(current.x)
    ? current.x
    : (all.find((column) => isTimeColumn(rows, column)) ?? all.find((column) => !numeric.includes(column)) ?? all[0]);
  const kept = (current.y ?? []).filter((column) => numeric.includes(column) && column !== x);
  const y = kept.length > 0 ? kept : numeric.filter((column) => column !== x).slice(0, MAX_Y_COLUMNS);
  return { x, y };
}
