import { listAdminDataMappings as endpoint } from '../../../shared/api/data-mappings';
import { listAdminMappings } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** GET /api/admin/data_mappings (admin only, by the role gate). */
export const handler = serve(endpoint, async () => listAdminMappings());
