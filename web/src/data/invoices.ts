import type { ResponseOf } from '../../../shared/api/endpoint';
import { getInvoiceSummary, listCarrierReconciliations } from '../../../shared/api/invoices';
import { listDiscrepancies, listMissingRows } from '../../../shared/api/results';
import { InvoiceFindingKind } from '../../../shared/invoice/kinds';
import { MAX_RESULTS_PAGE } from '../../../shared/schemas/results';
import useSWR from 'swr';
import type { ApiError } from '../api/errors';
import { apiKey, apiPath, fetchAllPages, fetchApi, useApi } from '../api/endpoints';
import type { Discrepancy, MissingRow } from './verification';

/**
 * The dollars of invoice reconciliations: one comparison's summary (its report's money cards and
 * charts) and a company carrier's reconciliations by billing period (its trend). Shapes come from
 * the endpoints.
 */
export type InvoiceSummary = ResponseOf<typeof getInvoiceSummary>;
export type CarrierReconciliations = ResponseOf<typeof listCarrierReconciliations>;
export type CarrierReconciliation = CarrierReconciliations['items'][number];

export const invoiceSummaryPath = (companyId: string, comparisonId: string) => apiPath(getInvoiceSummary, { company_id: companyId, comparison_id: comparisonId });

export function useInvoiceSummary(companyId: string | undefined, comparisonId: string | undefined, enabled = true) {
  return useApi(getInvoiceSummary, enabled && companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null);
}

export function useCarrierReconciliations(companyId: string | undefined, companyCarrierId: string | undefined) {
  return useApi(listCarrierReconciliations, companyId && companyCarrierId ? { company_id: companyId, company_carrier_id: companyCarrierId } : null);
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
  const params = companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null;
  return useSWR<MoneyFinding[], ApiError>(enabled && params ? apiKey(listDiscrepancies, params, undefined, { largest: count }) : null, async () => {
      const [desc, asc] = await Promise.all(
        (['desc', 'asc'] as const).map((order) => fetchApi(listDiscrepancies, { params: params!, query: { sort: 'amount', order, limit: TOP_READ, skipverification: 'true' } })),
      );
      const rows: MoneyFinding[] = [];
      for (const row of [...desc.items, ...asc.items]) {
        const f = moneyFinding(row, 'discrepancies');
        if (f) rows.push(f);
      }
      const missing = await fetchAllPages(listMissingRows, params!, {}, { pageSize: MAX_RESULTS_PAGE, maxPages: Infinity });
      for (const row of missing.items) {
        const f = moneyFinding(row, 'missing');
        if (f) rows.push(f);
      }
      return largestFirst(rows, count);
  });
}
