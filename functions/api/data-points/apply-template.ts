import { applyDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { applyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** POST …/data_points/apply_template { template_id }: replaces the set with the template’s pairs. */
export const handler = serve(endpoint, async ({ caller, params, body }) => applyTemplate(await companyContext(caller, params.company_id), params.comparison_id, body.template_id));
