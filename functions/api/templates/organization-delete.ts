import { deleteOrganizationDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { deleteOrganizationTemplate } from '../../lib/comparisons/templates';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/organizations/{organization_id}/data_points_templates/{data_points_template_id} → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteOrganizationTemplate(caller, params.organization_id, params.data_points_template_id);
  return noContent();
});
