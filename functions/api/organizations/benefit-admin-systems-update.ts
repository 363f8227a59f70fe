import { updateBenefitAdminSystem as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateBenefitAdminSystem } from '../../lib/hierarchy/organization-settings';

/** PATCH /api/organizations/{organization_id}/benefit_admin_systems/{benefit_admin_system_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateBenefitAdminSystem(caller, params.organization_id, params.benefit_admin_system_id, body));
