import { createOrganizationDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { createOrganizationTemplate } from '../../lib/comparisons/templates';
import { serve } from '../../lib/http';

/** POST /api/organizations/{organization_id}/data_points_templates → 201. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createOrganizationTemplate(caller, params.organization_id, body));
