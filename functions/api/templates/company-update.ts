import { z } from 'zod';
import { dataPointsTemplateUpdateSchema } from '../../../shared/schemas/data-points-template';
import { updateCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** PATCH /api/companies/{company_id}/data_points_templates/{data_points_template_id} (updated_at; stale → 409). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), data_points_template_id: z.string().min(1) }), body: dataPointsTemplateUpdateSchema }, async ({ caller, params, body }) =>
  updateCompanyTemplate(await companyContext(caller, params.company_id), params.data_points_template_id, body),
);
