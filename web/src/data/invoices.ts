import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import { getInvoiceSummary, listCarrierReconciliations } from '../../../shared/api/invoices';
import { InvoiceFindingKind } from '../../../shared/invoice/kinds';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import { MAX_RESULTS_PAGE } from '../../../shared/schemas/results';
import { comparisonApiPath } from './compare-runs';
import { fillPath } from '../api/endpoint-path';
import type { Discrepancy, DiscrepancyPage, MissingPage, MissingRow } from './verification';

/**
 * The dollars of invoice reconciliations: one comparison's summary (its report's money cards and
 * charts) and a company carrier's reconciliations by billing period (its trend). Shapes come from
 * the endpoints.
 */
export type InvoiceSummary = ResponseOf<typeof getInvoiceSummary>;
export type PlanTotals = InvoiceSummary['by_plan'][number];
export type KindTotals = InvoiceSummary['by_kind'][number];
export type CarrierReconciliations = ResponseOf<typeof listCarrierReconciliations>;
export type CarrierReconciliation = CarrierReconciliations['items'][number];

export const invoiceSummaryPath = (companyId: string, comparisonId: string) =>
  fillPath(getInvoiceSummary, { company_id: companyId, comparison_id: comparisonId });

export const carrierReconciliationsPath = (companyId: string, companyCarrierId: string) =>
  fillPath(listCarrierReconciliations, { company_id: companyId, company_carrier_id: companyCarrierId });

export function useInvoiceSummary(companyId: string | undefined, comparisonId: string | undefined, enabled = true) {
  return useSWR<InvoiceSummary, ApiError>(enabled && companyId && comparisonId ? invoiceSummaryPath(companyId, comparisonId) : null);
}

export function useCarrierReconciliations(companyId: string | undefined, companyCarrierId: string | undefined) {
  return useSWR<CarrierReconciliations, ApiError>(companyId && companyCarrierId ? carrierReconciliationsPath(companyId, companyCarrierId) : null);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars as US currency: $1,234.50, and −$120.00 for a credit. */
export const formatUsd = (amount: number) => usd.format(amount);

/** A finding of either list with its dollars, as the report's "largest items" show it. */
export interface MoneyFinding {
  id: string;
  list: 'discrepancies' | 'missing';
  member: string;
  kind: string;
  months: string[];
  amount: number;
  credit_status: string | null;
}

const memberOf = (row: Pick<Discrepancy | MissingRow, 'full_name' | 'first_name' | 'last_name' | 'unique_identifier'>) =>
  row.full_name || [row.first_name, row.last_name].filter(Boolean).join(' ') || row.unique_identifier;

export const invoiceKindLabel = (kind: string | null | undefined) => InvoiceFindingKind.label(kind, kind ?? '');

function moneyFinding(row: Discrepancy | MissingRow, list: MoneyFinding['list']): MoneyFinding | null {
  if (typeof row.amount !== 'number') return null;
  return {
    id: row.id,
    list,
    member: memberOf(row),
    kind: invoiceKindLabel(row.invoice_kind),
    months: row.months ?? [],
    amount: row.amount,
    credit_status: row.credit_status ?? null,
  };
}

/** The findings of both lists merged, the largest in dollars (either sign) first. */
export function largestFirst(rows: MoneyFinding[], count: number): MoneyFinding[] {
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(`${r.list}:${r.id}`) ? false : (seen.add(`${r.list}:${r.id}`), true)))
    .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || a.member.localeCompare(b.member))
    .slice(0, count);
}

const TOP_READ = 25;

/**
 * The largest findings of an invoice reconciliation. Discrepancies are read sorted by amount from
 * both ends (the largest credits are at the bottom of a descending read), those marked to skip
 * verification included since their dollars still count; missing rows are few on a bill and read
 * whole. The keys sit under the lists' paths, so a verification write refreshes them.
 */
export function useLargestFindings(companyId: string | undefined, comparisonId: string | undefined, count = 10, enabled = true) {
  const base = companyId && comparisonId ? comparisonApiPath(companyId, comparisonId) : null;
  return useSWR<MoneyFinding[], ApiError>(enabled && base ? [`${base}/data_point_discrepancies`, { largest: count }] : null, async () => {
    const discrepancies = `${base}/data_point_discrepancies`;
    const [desc, asc] = await Promise.all(
      (['desc', 'asc'] as const).map((order) => request<DiscrepancyPage>(discrepancies, { query: { sort: 'amount', order, limit: TOP_READ, skipverification: 'true' } })),
    );
    const rows: MoneyFinding[] = [];
    for (const res of [desc, asc]) {
      if (res.error) throw res.error;
      for (const row of res.data.items) {
        const f = moneyFinding(row, 'discrepancies');
        if (f) rows.push(f);
      }
    }
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof request<MissingPage>>> = await request<MissingPage>(`${base}/missing_discrepancies`, {
        query: { limit: MAX_RESULTS_PAGE, cursor: cursor ?? undefined },
      });
      if (res.error) throw res.error;
      for (const row of res.data.items) {
        const f = moneyFinding(row, 'missing');
        if (f) rows.push(f);
      }
      cursor = res.data.next;
    } while (cursor);
    return largestFirst(rows, count);
  });
}
