import { getCompanyDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { getCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/data_points_templates/{data_points_template_id}. */
export const handler = serve(endpoint, async ({ caller, params }) => getCompanyTemplate(await companyContext(caller, params.company_id), params.data_points_template_id));
