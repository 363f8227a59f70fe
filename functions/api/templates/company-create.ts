import { createCompanyDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { createCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** POST /api/companies/{company_id}/data_points_templates → 201. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createCompanyTemplate(await companyContext(caller, params.company_id), body));
