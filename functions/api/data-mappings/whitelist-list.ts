import { z } from 'zod';
import { listMappingWhitelist } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** GET /api/admin/data_mappings/{data_mapping_id}/whitelist: organizations the admin mapping is shared with. */
export const handler = route({ params: z.object({ data_mapping_id: z.string().min(1) }) }, async ({ params }) => listMappingWhitelist(params.data_mapping_id));
