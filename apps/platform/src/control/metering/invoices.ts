/**
 * Monthly invoices: written when a month closes (the `invoices-close` job, idempotent per
 * organisation and month), listed with the current month computed live as "upcoming", and each
 * downloadable as a PDF. Reading them takes the billing:invoices feature (Owner, Administrator,
 * Billing admin), checked here.
 */
import { PlinthError } from '@plinth/errors';
import { Feature, hasFeature } from '@plinth/permissions';
import type { Plan } from '@plinth/plans';
import { membershipBySlug, type OrganizationRow } from '../access.ts';
import type { Actor, ControlContext } from '../context.ts';
import { invoiceLines, planDaysOf, type InvoiceLine, type PlanChange } from './invoice-lines.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { billingCycleOf, periodTotals, type Period } from './totals.ts';

export interface Invoice {
  /** null for the upcoming (current month's) invoice. */
  id: number | null;
  status: 'issued' | 'upcoming';
  period_start: string;
  period_end: string;
  plan: Plan;
  lines: InvoiceLine[];
  amount_usd: number;
  issued_at: string | null;
}

interface InvoiceRow {
  id: string;
  period_start: Date;
  period_end: Date;
  plan: Plan;
  lines: InvoiceLine[];
  amount_usd: string;
  issued_at: Date;
}

type Billed = Pick<OrganizationRow, 'id' | 'plan' | 'usage_billing_enabled'>;

/** The period's lines, the plan prorated by the days on each (organization_plan_changes, 0039), and the plan it ends on. */
async function computeInvoice(ctx: ControlContext, organization: Billed, period: Period) {
  const totals = await periodTotals(ctx.db, organization.id, period);
  const { rows: changes } = await ctx.db.query<PlanChange>(
    'select changed_at, from_plan, to_plan from organization_plan_changes where organization_id = $1 order by changed_at, id',
    [organization.id],
  );
  const plans = planDaysOf(period, changes.map((change) => ({ ...change, changed_at: new Date(change.changed_at) })), organization.plan);
  return { ...invoiceLines(plans, organization.usage_billing_enabled, totals), plan: plans[plans.length - 1].plan };
}

/**
 * Writes the invoice of the month before `now` (or of `month`) for every organisation that existed
 * then; an organisation already invoiced for it is left alone. Returns how many were written.
 */
export async function closeMonth(ctx: ControlContext, options: { month?: Date; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const period = billingCycleOf(options.month ?? previous);
  if (period.end > now) return 0;
  const { rows } = await ctx.db.query<Billed>(
    `select id, plan, usage_billing_enabled from organizations o
     where inserted_at < $1 and not exists (select 1 from invoices i where i.organization_id = o.id and i.period_start = $2)`,
    [period.end, period.start],
  );
  let written = 0;
  for (const organization of rows) {
    const invoice = await computeInvoice(ctx, organization, period);
    const inserted = await ctx.db.query(
      `insert into invoices (organization_id, period_start, period_end, plan, lines, amount_usd)
       values ($1, $2, $3, $4, $5, $6) on conflict (organization_id, period_start) do nothing returning id`,
      [organization.id, period.start, period.end, invoice.plan, JSON.stringify(invoice.lines), invoice.amount_usd],
    );
    written += inserted.rows.length;
  }
  return written;
}

async function billingMembership(ctx: ControlContext, actor: Actor, slug: string) {
  const { organization, role } = await membershipBySlug(ctx.db, actor.userId, slug);
  if (!hasFeature(role, Feature.BILLING_INVOICES)) throw new PlinthError('forbidden');
  return organization;
}

function presentRow(row: InvoiceRow): Invoice {
  return {
    id: Number(row.id),
    status: 'issued',
    period_start: new Date(row.period_start).toISOString(),
    period_end: new Date(row.period_end).toISOString(),
    plan: row.plan,
    lines: row.lines,
    amount_usd: Number(row.amount_usd),
    issued_at: new Date(row.issued_at).toISOString(),
  };
}

async function upcoming(ctx: ControlContext, organization: Billed, now: Date): Promise<Invoice> {
  const cycle = billingCycleOf(now);
  const { lines, amount_usd, plan } = await computeInvoice(ctx, organization, cycle);
  return {
    id: null,
    status: 'upcoming',
    period_start: cycle.start.toISOString(),
    period_end: cycle.end.toISOString(),
    plan,
    lines,
    amount_usd,
    issued_at: null,
  };
}

/** GET /organizations/{slug}/invoices: the upcoming invoice first, then issued ones, newest first. */
export async function listInvoices(ctx: ControlContext, actor: Actor, slug: string, now = new Date()): Promise<Invoice[]> {
  const organization = await billingMembership(ctx, actor, slug);
  const { rows } = await ctx.db.query<InvoiceRow>('select * from invoices where organization_id = $1 order by period_start desc limit 60', [organization.id]);
  return [await upcoming(ctx, organization, now), ...rows.map(presentRow)];
}

/** GET /organizations/{slug}/invoices/{id}/pdf (`upcoming` for the current month). */
export async function invoiceDocument(ctx: ControlContext, actor: Actor, slug: string, id: string, now = new Date()): Promise<{ filename: string; pdf: Buffer }> {
  const organization = await billingMembership(ctx, actor, slug);
  let invoice: Invoice;
  if (id === 'upcoming') {
    invoice = await upcoming(ctx, organization, now);
  } else {
    const { rows } = /^\d+$/.test(id)
      ? await ctx.db.query<InvoiceRow>('select * from invoices where organization_id = $1 and id = $2', [organization.id, id])
      : { rows: [] };
    if (rows.length === 0) throw new PlinthError('invoice_not_found');
    invoice = presentRow(rows[0]);
  }
  const month = invoice.period_start.slice(0, 7);
  const pdf = await invoicePdf({ organizationName: organization.name, organizationSlug: organization.slug, invoice });
  return { filename: `invoice-${organization.slug}-${month}${invoice.status === 'upcoming' ? '-upcoming' : ''}.pdf`, pdf };
}
