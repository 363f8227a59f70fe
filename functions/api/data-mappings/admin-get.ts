import { z } from 'zod';
import { getAdminMapping } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** GET /api/admin/data_mappings/{data_mapping_id} with its whitelist rows. */
export const handler = route({ params: z.object({ data_mapping_id: z.string().min(1) }) }, async ({ params }) => getAdminMapping(params.data_mapping_id));
