import { z } from 'zod';
import { deleteCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/comparisons/context';
import { noContent, route } from '../../lib/http';

/** DELETE /api/companies/{company_id}/data_points_templates/{data_points_template_id} → 204. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), data_points_template_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteCompanyTemplate(await companyContext(caller, params.company_id), params.data_points_template_id);
  return noContent();
});
