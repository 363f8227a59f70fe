import { listCompanyDataPointsTemplates as endpoint } from '../../../shared/api/comparisons';
import { listCompanyTemplates } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/data_points_templates. */
export const handler = serve(endpoint, async ({ caller, params }) => listCompanyTemplates(await companyContext(caller, params.company_id)));
