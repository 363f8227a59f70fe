import { exportComparison as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { exportComparison } from '../../lib/completion/export';
import { serve } from '../../lib/http';
import { idempotent } from '../../lib/idempotency';

/**
 * POST …/comparisons/{comparison_id}/export {kind: DISCREPANCIES|MERGED} → { url } of the .xlsx
 * (presigned GET). The same Idempotency-Key again gets the same link rather than a second
 * workbook (lib/idempotency.ts).
 */
export const handler = serve(
  endpoint,
  idempotent(endpoint, async ({ caller, params, body }) => exportComparison(await companyContext(caller, params.company_id), params.comparison_id, body.kind)),
);
