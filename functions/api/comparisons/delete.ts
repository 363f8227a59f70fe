import { deleteComparison as endpoint } from '../../../shared/api/comparisons';
import { deleteComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/tenancy/company-context';
import { noContent, serve } from '../../lib/http';

/** DELETE …/comparisons/{comparison_id}: only before completion → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteComparison(await companyContext(caller, params.company_id), params.comparison_id);
  return noContent();
});
