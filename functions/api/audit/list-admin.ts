import { listAllAuditEvents as endpoint } from '../../../shared/api/audit';
import { listAllAuditEvents } from '../../lib/audit/list';
import { serve } from '../../lib/http';

// The route gate keeps /api/admin to the DMS Admin.
export const handler = serve(endpoint, async ({ query }) => listAllAuditEvents(query));
