import { listAdminOrganizations as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listAdminOrganizations } from '../../lib/hierarchy/organizations';

/** GET /api/admin/organizations (?agency_id): every organization, or one agency's. */
export const handler = serve(endpoint, async ({ query }) => listAdminOrganizations(query));
