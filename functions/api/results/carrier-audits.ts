import { listCarrierAudits } from '../../../shared/api/results';
import { carrierAudits } from '../../lib/compare-runs/carrier-audits';
import { serve } from '../../lib/http';

/** GET …/company_carriers/{company_carrier_id}/audits: the carrier's audits over time (404 outside the caller's tenant). */
export const handler = serve(listCarrierAudits, async ({ caller, params }) => carrierAudits(caller, params.company_id, params.company_carrier_id));
