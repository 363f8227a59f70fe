import { listOrganizationDataPointsTemplates as endpoint } from '../../../shared/api/comparisons';
import { listOrganizationTemplates } from '../../lib/comparisons/templates';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_points_templates. */
export const handler = serve(endpoint, async ({ caller, params }) => listOrganizationTemplates(caller, params.organization_id));
