import { deleteBenefitAdminSystem as endpoint } from '../../../shared/api/hierarchy';
import { noContent, serve } from '../../lib/http';
import { deleteBenefitAdminSystem } from '../../lib/hierarchy/organization-settings';

/** DELETE /api/organizations/{organization_id}/benefit_admin_systems/{benefit_admin_system_id}: removes the record (204). */
export const handler = serve(endpoint, async ({ params, caller }) => {
  await deleteBenefitAdminSystem(caller, params.organization_id, params.benefit_admin_system_id);
  return noContent();
});
