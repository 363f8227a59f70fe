import { z } from 'zod';
import { carrierReconciliationsResponse, invoiceSummaryResponse } from '../schemas/invoice';
import { endpoint } from './endpoint';
import { comparisonParams } from './results';

/** The dollars of invoice reconciliations: one comparison's summary, and a carrier's month by month. */
export const getInvoiceSummary = endpoint({
  method: 'GET',
  path: '/api/companies/{company_id}/comparisons/{comparison_id}/invoice_summary',
  gate: 'company',
  summary: 'An invoice reconciliation in dollars: billed, expected, over- and under-billed, net, per plan and kind, the claim deadline, recovered and open',
  params: comparisonParams,
  response: invoiceSummaryResponse,
});

export const listCarrierReconciliations = endpoint({
  method: 'GET',
  path: '/api/companies/{company_id}/company_carriers/{company_carrier_id}/invoice_reconciliations',
  gate: 'company',
  summary: "The invoice reconciliations of a company carrier that have run, by billing period: billed, expected, net, over-billed, credits claimed, recovered and open",
  params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }),
  response: carrierReconciliationsResponse,
});
