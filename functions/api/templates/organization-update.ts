import { z } from 'zod';
import { dataPointsTemplateUpdateSchema } from '../../../shared/schemas/data-points-template';
import { updateOrganizationTemplate } from '../../lib/comparisons/templates';
import { route } from '../../lib/http';

/** PATCH /api/organizations/{organization_id}/data_points_templates/{data_points_template_id} (updated_at; stale → 409). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), data_points_template_id: z.string().min(1) }), body: dataPointsTemplateUpdateSchema }, async ({ caller, params, body }) =>
  updateOrganizationTemplate(caller, params.organization_id, params.data_points_template_id, body),
);
