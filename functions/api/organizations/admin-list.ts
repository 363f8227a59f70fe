import { z } from 'zod';
import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listAdminOrganizations } from '../../lib/hierarchy/organizations';

/** GET /api/admin/organizations (?agency_id): every organization, or one agency's. */
export const handler = route({ query: listQuery.extend({ agency_id: z.string().min(1).optional() }) }, async ({ query }) => listAdminOrganizations(query));
