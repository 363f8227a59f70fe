import { z } from 'zod';
import { organizationBenefitAdminSystemCreateSchema } from '../../../shared/schemas/organization-benefit-admin-system';
import { created, route } from '../../lib/http';
import { createBenefitAdminSystem } from '../../lib/hierarchy/organization-settings';

/** POST /api/organizations/{organization_id}/benefit_admin_systems: 201 with the new record. */
export const handler = route({ body: organizationBenefitAdminSystemCreateSchema, params: z.object({ organization_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  created(await createBenefitAdminSystem(caller, params.organization_id, body)),
);
