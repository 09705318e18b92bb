import type { Invoice } from '@plinth/api-contract';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatUsd } from './money.ts';

/** An invoice's lines: the plan, then each overage with what the plan includes. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <Table label={`Invoice lines for ${invoice.period_start.slice(0, 7)}`}>
      <thead>
        <tr>
          <Th>Description</Th>
          <Th>Quantity</Th>
          <Th>Included</Th>
          <Th className="text-right">Amount</Th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line) => (
          <tr key={line.description}>
            <Td>{line.description}</Td>
            <Td className="font-mono text-xs">{`${line.quantity.toLocaleString('en-US')} ${line.unit}`}</Td>
            <Td className="font-mono text-xs">{line.included === null ? '' : `${line.included.toLocaleString('en-US')} ${line.unit}`}</Td>
            <Td className="text-right font-mono text-xs">{formatUsd(line.amount_usd)}</Td>
          </tr>
        ))}
        <tr>
          <Td className="font-medium">Total</Td>
          <Td />
          <Td />
          <Td className="text-right font-mono text-xs font-medium">{formatUsd(invoice.amount_usd)}</Td>
        </tr>
      </tbody>
    </Table>
  );
}
