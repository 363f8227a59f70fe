import { z } from 'zod';
import { getOrganizationMapping } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_mappings/{data_mapping_id}. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), data_mapping_id: z.string().min(1) }) }, async ({ caller, params }) => getOrganizationMapping(caller, params.organization_id, params.data_mapping_id));
