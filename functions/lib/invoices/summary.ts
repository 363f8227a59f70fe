import { addDays, daysBetween, DEFAULT_CREDIT_WINDOW_DAYS } from '../../../shared/invoice';
import type { InvoiceSummaryResponse, InvoiceTotalsResponse } from '../../../shared/schemas/invoice';
import type { Caller } from '../tenancy/caller';
import { comparisonInScope } from '../compare-runs/results-read';
import { db } from '../db/service';
import { notFound } from '../errors';
import { companyInScope } from '../tenancy/scope';

/**
 * The money of invoice reconciliations. The run keeps its totals on the comparison's summary; what
 * changes afterwards (credits asked for and received) is read from the findings, and the claim
 * deadline from the company carrier's credit window and today's date.
 */
type ComparisonRecord = Awaited<ReturnType<typeof comparisonInScope>>;

const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);
const dollars = (c: number) => c / 100;
const today = () => new Date().toISOString().slice(0, 10);

async function creditWindowDays(comparison: ComparisonRecord): Promise<number> {
  if (!comparison.company_carrier_id) return DEFAULT_CREDIT_WINDOW_DAYS;
  const { data } = await db()
    .entities.companyCarrier.get({ organization_id: comparison.organization_id, company_id: comparison.company_id, id: comparison.company_carrier_id })
    .go();
  return data?.credit_window_days ?? DEFAULT_CREDIT_WINDOW_DAYS;
}

/** Over-billed dollars by where their credit stands. */
async function credits(comparison: ComparisonRecord) {
  const key = { company_id: comparison.company_id, comparison_id: comparison.id };
  const attributes = ['amount', 'credit_status'] as const;
  const [discrepancies, missing] = await Promise.all([
    db().entities.dataPointDiscrepancy.query.byComparison(key).go({ pages: 'all', attributes: [...attributes] }),
    db().entities.missingDiscrepancy.query.byComparison(key).go({ pages: 'all', attributes: [...attributes] }),
  ]);
  let recovered = 0;
  let requested = 0;
  let over = 0;
  for (const f of [...discrepancies.data, ...missing.data]) {
    const amount = cents(f.amount);
    if (amount <= 0) continue;
    over += amount;
    if (f.credit_status === 'RECEIVED') recovered += amount;
    else if (f.credit_status === 'REQUESTED') requested += amount;
  }
  return { recovered, requested, open: over - recovered };
}

const totalsOf = (comparison: ComparisonRecord): InvoiceTotalsResponse | null =>
  (comparison.summary as { invoice?: InvoiceTotalsResponse } | undefined)?.invoice ?? null;

export async function invoiceSummary(caller: Caller, companyId: string, comparisonId: string): Promise<InvoiceSummaryResponse> {
  const comparison = await comparisonInScope(caller, companyId, comparisonId);
  if (comparison.audit_type !== 'INVOICE_RECONCILIATION') throw notFound('This comparison is not an invoice reconciliation.');
  const totals = totalsOf(comparison);
  const window = await creditWindowDays(comparison);
  const invoiceDate = totals?.invoice_date ?? comparison.invoice_date ?? null;
  const deadline = invoiceDate ? addDays(invoiceDate, window) : null;
  const money = totals ? await credits(comparison) : { recovered: 0, requested: 0, open: 0 };
  return {
    invoice_number: totals?.invoice_number ?? comparison.invoice_number ?? null,
    billing_period: totals?.billing_period ?? comparison.billing_period ?? null,
    invoice_date: invoiceDate,
    billed: totals?.billed ?? 0,
    expected: totals?.expected ?? 0,
    over_billed: totals?.over_billed ?? 0,
    under_billed: totals?.under_billed ?? 0,
    net: totals?.net ?? 0,
    stated_total: totals?.stated_total ?? null,
    lines_total: totals?.lines_total ?? 0,
    credit_window_days: window,
    claim_deadline: deadline,
    days_to_claim: deadline ? daysBetween(today(), deadline) : null,
    by_plan: totals?.by_plan ?? [],
    by_kind: totals?.by_kind ?? [],
    recovered: dollars(money.recovered),
    requested: dollars(money.requested),
    open: dollars(money.open),
    earlier_invoices_unknown: totals?.earlier_invoices_unknown ?? [],
    has_results: totals !== null,
  };
}

/** A company carrier's reconciliations that have run, oldest billing period first. */
export async function carrierReconciliations(caller: Caller, companyId: string, companyCarrierId: string) {
  const company = await companyInScope(caller, companyId);
  const { data: carrier } = await db().entities.companyCarrier.get({ organization_id: company.organization_id, company_id: company.id, id: companyCarrierId }).go();
  if (!carrier) throw notFound();
  const { data } = await db()
    .entities.comparison.query.byCompany({ organization_id: company.organization_id, company_id: company.id })
    .where((a, op) => `${op.eq(a.company_carrier_id, companyCarrierId)} AND ${op.eq(a.audit_type, 'INVOICE_RECONCILIATION')}`)
    .go({ pages: 'all' });
  const items = [];
  for (const comparison of data) {
    const totals = totalsOf(comparison);
    if (!totals) continue;
    const money = await credits(comparison);
    items.push({
      comparison_id: comparison.id,
      name: comparison.name,
      billing_period: totals.billing_period,
      invoice_date: totals.invoice_date,
      billed: totals.billed,
      expected: totals.expected,
      net: totals.net,
      over_billed: totals.over_billed,
      claimed: dollars(money.requested + money.recovered),
      recovered: dollars(money.recovered),
      open: dollars(money.open),
    });
  }
  items.sort((a, b) => a.billing_period.localeCompare(b.billing_period) || a.name.localeCompare(b.name));
  return { items };
}
