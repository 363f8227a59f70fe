import { listCarrierReconciliations } from '../../../shared/api/invoices';
import { serve } from '../../lib/http';
import { carrierReconciliations } from '../../lib/invoices/summary';

/** GET …/company_carriers/{company_carrier_id}/invoice_reconciliations: the carrier's reconciliations month by month. */
export const handler = serve(listCarrierReconciliations, async ({ caller, params }) => carrierReconciliations(caller, params.company_id, params.company_carrier_id));
