import { z } from 'zod';
import { getOrganizationTemplate } from '../../lib/comparisons/templates';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_points_templates/{data_points_template_id}. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), data_points_template_id: z.string().min(1) }) }, async ({ caller, params }) => getOrganizationTemplate(caller, params.organization_id, params.data_points_template_id));
