import { z } from 'zod';
import { listOrganizationTemplates } from '../../lib/comparisons/templates';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_points_templates. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ caller, params }) => listOrganizationTemplates(caller, params.organization_id));
