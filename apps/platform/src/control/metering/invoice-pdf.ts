/**
 * An invoice as a one-page PDF (pdfkit, with its built-in Helvetica: no font files to ship).
 * Amounts are US dollars, as the catalogue prices them.
 */
import PDFDocument from 'pdfkit';
import type { Invoice } from './invoices.ts';

const usd = (amount: number) => `$${amount.toFixed(2)}`;
const day = (iso: string) => iso.slice(0, 10);

export function invoicePdf(input: { organizationName: string; organizationSlug: string; invoice: Invoice }): Promise<Buffer> {
  const { invoice } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${day(invoice.period_start).slice(0, 7)}`, Author: 'Plinth' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(invoice.status === 'upcoming' ? 'Upcoming invoice' : `Invoice #${invoice.id}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  doc.text(`Organization: ${input.organizationName} (${input.organizationSlug})`);
  // The period's end is exclusive; people read the last day it covers.
  const lastDay = new Date(new Date(invoice.period_end).getTime() - 86_400_000).toISOString();
  doc.text(`Billing period: ${day(invoice.period_start)} to ${day(lastDay)} (UTC)`);
  doc.text(`Plan: ${invoice.plan}`);
  if (invoice.issued_at) doc.text(`Issued: ${day(invoice.issued_at)}`);
  doc.moveDown();

  const columns = { description: 50, quantity: 300, included: 390, amount: 480 };
  const row = (cells: { description: string; quantity: string; included: string; amount: string }, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells.description, columns.description, y, { width: 240 });
    const after = doc.y;
    doc.text(cells.quantity, columns.quantity, y, { width: 85 });
    doc.text(cells.included, columns.included, y, { width: 85 });
    doc.text(cells.amount, columns.amount, y, { width: 65, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row({ description: 'Description', quantity: 'Quantity', included: 'Included', amount: 'Amount' }, true);
  for (const line of invoice.lines) {
    row({
      description: line.description,
      quantity: `${line.quantity.toLocaleString('en-US')} ${line.unit}`,
      included: line.included === null ? '' : `${line.included.toLocaleString('en-US')} ${line.unit}`,
      amount: usd(line.amount_usd),
    });
  }
  doc.moveDown();
  // A plan changed during the period: its lines are in days, each plan's price prorated.
  if (invoice.lines.some((line) => line.metric === null && line.unit === 'days')) {
    doc.font('Helvetica').fontSize(9).text('The plan changed during this period: each plan is charged for the days it was held (a change counts from its UTC day).', columns.description);
    doc.fontSize(11).moveDown(0.5);
  }
  row({ description: 'Total (USD)', quantity: '', included: '', amount: usd(invoice.amount_usd) }, true);
  doc.end();
  return done;
}
