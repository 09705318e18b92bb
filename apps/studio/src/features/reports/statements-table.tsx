import type { QUERY_PERFORMANCE_SORTS, StatementStat } from '@plinth/api-contract';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { cn } from '../../lib/cn.ts';
import { formatCount, formatMs } from './format.ts';

type Sort = (typeof QUERY_PERFORMANCE_SORTS)[number];

const FIGURES: { key: string; header: string; sort: Sort | null; value: (s: StatementStat) => string }[] = [
  { key: 'calls', header: 'Calls', sort: 'calls', value: (s) => formatCount(s.calls) },
  { key: 'total', header: 'Total', sort: 'total_time', value: (s) => formatMs(s.total_time_ms) },
  { key: 'mean', header: 'Mean', sort: 'mean_time', value: (s) => formatMs(s.mean_time_ms) },
  { key: 'max', header: 'Max', sort: 'max_time', value: (s) => formatMs(s.max_time_ms) },
  { key: 'rows', header: 'Rows', sort: 'rows', value: (s) => formatCount(s.rows) },
];

/** Keys that follow a statement when the order changes (so a focused row keeps its focus), numbered when repeated. */
function rowKeys(statements: readonly StatementStat[]): string[] {
  const seen = new Map<string, number>();
  return statements.map((statement) => {
    const base = `${statement.role ?? ''}\u0000${statement.query}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return `${base}\u0000${count}`;
  });
}

/** One row per statement; the statement is a button that opens its details (Enter or Space from the keyboard). */
export function StatementsTable({ statements, sort, onOpen }: { statements: StatementStat[]; sort: Sort; onOpen: (statement: StatementStat) => void }) {
  const keys = rowKeys(statements);
  return (
    <Table label="Statements" className="[&_table]:table-fixed">
      <thead>
        <tr>
          <Th scope="col" className="w-[46%]">Query</Th>
          <Th scope="col" className="w-[10%]">Role</Th>
          {FIGURES.map((figure) => (
            <Th key={figure.key} scope="col" className={cn('text-right', figure.sort === sort && 'text-fg')} aria-sort={figure.sort === sort ? 'descending' : undefined}>
              {figure.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody data-testid="report-qp-rows">
        {statements.map((statement, index) => (
          <tr key={keys[index]} className="hover:bg-surface-2/60" data-testid="report-qp-row">
            <Td className="py-2">
              <button
                type="button"
                onClick={() => onOpen(statement)}
                className="block w-full truncate rounded text-left font-mono text-xs text-fg hover:text-brand focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
                title={statement.query}
                data-testid="report-qp-query"
              >
                {statement.query}
              </button>
            </Td>
            <Td className="truncate py-2 font-mono text-xs text-fg-muted">{statement.role ?? '—'}</Td>
            {FIGURES.map((figure) => (
              <Td key={figure.key} className={cn('whitespace-nowrap py-2 text-right tabular-nums', figure.sort === sort ? 'text-fg' : 'text-fg-muted')}>
                {figure.value(statement)}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
