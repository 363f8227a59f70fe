import { listAdminMappings } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** GET /api/admin/data_mappings (admin only, by the role gate). */
export const handler = route({}, async () => listAdminMappings());
