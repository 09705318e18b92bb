import type { ReactNode } from 'react';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { cn } from '../../lib/cn.ts';

export interface ReportColumn<Row> {
  key: string;
  header: string;
  isNumeric?: boolean;
  render: (row: Row) => ReactNode;
}

/** A small table of a report's rows (top paths, largest tables): numbers right-aligned and tabular. */
export function ReportTable<Row>({ label, columns, rows, rowKey, testId }: {
  label: string;
  columns: ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <Table label={label} className="border-0">
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column.key} scope="col" className={cn(column.isNumeric && 'text-right')}>
                {column.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Td key={column.key} className={cn('py-2', column.isNumeric && 'text-right tabular-nums')}>
                  {column.render(row)}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
