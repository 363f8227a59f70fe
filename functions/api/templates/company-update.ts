import { updateCompanyDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { updateCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** PATCH /api/companies/{company_id}/data_points_templates/{data_points_template_id} (updated_at; stale → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateCompanyTemplate(await companyContext(caller, params.company_id), params.data_points_template_id, body),
);
