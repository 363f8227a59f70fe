import { exportComparison as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { exportComparison } from '../../lib/completion/export';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/export {kind: DISCREPANCIES|MERGED} → { url } of the .xlsx (presigned GET). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  exportComparison(await companyContext(caller, params.company_id), params.comparison_id, body.kind),
);
