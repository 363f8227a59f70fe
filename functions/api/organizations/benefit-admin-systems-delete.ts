import { z } from 'zod';
import { noContent, route } from '../../lib/http';
import { deleteBenefitAdminSystem } from '../../lib/hierarchy/organization-settings';

/** DELETE /api/organizations/{organization_id}/benefit_admin_systems/{benefit_admin_system_id}: removes the record (204). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), benefit_admin_system_id: z.string().min(1) }) }, async ({ params, caller }) => {
  await deleteBenefitAdminSystem(caller, params.organization_id, params.benefit_admin_system_id);
  return noContent();
});
