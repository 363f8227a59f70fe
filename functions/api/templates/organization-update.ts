import { updateOrganizationDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { updateOrganizationTemplate } from '../../lib/comparisons/templates';
import { serve } from '../../lib/http';

/** PATCH /api/organizations/{organization_id}/data_points_templates/{data_points_template_id} (updated_at; stale → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateOrganizationTemplate(caller, params.organization_id, params.data_points_template_id, body),
);
