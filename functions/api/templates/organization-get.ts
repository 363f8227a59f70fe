import { getOrganizationDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { getOrganizationTemplate } from '../../lib/comparisons/templates';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_points_templates/{data_points_template_id}. */
export const handler = serve(endpoint, async ({ caller, params }) => getOrganizationTemplate(caller, params.organization_id, params.data_points_template_id));
