import { z } from 'zod';
import { listOrganizationMappings } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_mappings. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ caller, params }) => listOrganizationMappings(caller, params.organization_id));
