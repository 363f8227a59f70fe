import { z } from 'zod';
import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listBenefitAdminSystems } from '../../lib/hierarchy/organization-settings';

/** GET /api/organizations/{organization_id}/benefit_admin_systems: the benefit admin systems of the organization. */
export const handler = route({ query: listQuery, params: z.object({ organization_id: z.string().min(1) }) }, async ({ query, params, caller }) => listBenefitAdminSystems(caller, params.organization_id, query));
