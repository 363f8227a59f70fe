import { z } from 'zod';
import { getCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/data_points_templates/{data_points_template_id}. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), data_points_template_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getCompanyTemplate(await companyContext(caller, params.company_id), params.data_points_template_id),
);
