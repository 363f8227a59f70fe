import { z } from 'zod';
import { organizationBenefitAdminSystemUpdateSchema } from '../../../shared/schemas/organization-benefit-admin-system';
import { route } from '../../lib/http';
import { updateBenefitAdminSystem } from '../../lib/hierarchy/organization-settings';

/** PATCH /api/organizations/{organization_id}/benefit_admin_systems/{benefit_admin_system_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: organizationBenefitAdminSystemUpdateSchema, params: z.object({ organization_id: z.string().min(1), benefit_admin_system_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  updateBenefitAdminSystem(caller, params.organization_id, params.benefit_admin_system_id, body),
);
