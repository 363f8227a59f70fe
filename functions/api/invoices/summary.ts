import { getInvoiceSummary } from '../../../shared/api/invoices';
import { serve } from '../../lib/http';
import { invoiceSummary } from '../../lib/invoices/summary';

/** GET …/comparisons/{comparison_id}/invoice_summary: an invoice reconciliation in dollars. */
export const handler = serve(getInvoiceSummary, async ({ caller, params }) => invoiceSummary(caller, params.company_id, params.comparison_id));
