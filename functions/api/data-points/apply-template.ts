import { z } from 'zod';
import { applyTemplateSchema } from '../../../shared/schemas/data-point';
import { applyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** POST …/data_points/apply_template { template_id }: replaces the set with the template’s pairs. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: applyTemplateSchema }, async ({ caller, params, body }) =>
  applyTemplate(await companyContext(caller, params.company_id), params.comparison_id, body.template_id),
);
