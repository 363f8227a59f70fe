import { z } from 'zod';
import { dataPointsTemplateCreateSchema } from '../../../shared/schemas/data-points-template';
import { createCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/comparisons/context';
import { created, route } from '../../lib/http';

/** POST /api/companies/{company_id}/data_points_templates → 201. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }), body: dataPointsTemplateCreateSchema }, async ({ caller, params, body }) =>
  created(await createCompanyTemplate(await companyContext(caller, params.company_id), body)),
);
