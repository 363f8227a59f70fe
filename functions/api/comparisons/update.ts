import { updateComparison as endpoint } from '../../../shared/api/comparisons';
import { updateComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** PATCH …/comparisons/{comparison_id}: fields, assignees, memos and step moves (SPEC §4), conditional on updated_at. */
export const handler = serve(endpoint, async ({ caller, params, body }) => updateComparison(await companyContext(caller, params.company_id), params.comparison_id, body));
