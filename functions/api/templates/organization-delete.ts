import { z } from 'zod';
import { deleteOrganizationTemplate } from '../../lib/comparisons/templates';
import { noContent, route } from '../../lib/http';

/** DELETE /api/organizations/{organization_id}/data_points_templates/{data_points_template_id} → 204. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), data_points_template_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteOrganizationTemplate(caller, params.organization_id, params.data_points_template_id);
  return noContent();
});
