import { z } from 'zod';
import { dataPointsTemplateCreateSchema } from '../../../shared/schemas/data-points-template';
import { createOrganizationTemplate } from '../../lib/comparisons/templates';
import { created, route } from '../../lib/http';

/** POST /api/organizations/{organization_id}/data_points_templates → 201. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }), body: dataPointsTemplateCreateSchema }, async ({ caller, params, body }) =>
  created(await createOrganizationTemplate(caller, params.organization_id, body)),
);
