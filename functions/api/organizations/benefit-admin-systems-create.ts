import { createBenefitAdminSystem as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createBenefitAdminSystem } from '../../lib/hierarchy/organization-settings';

/** POST /api/organizations/{organization_id}/benefit_admin_systems: 201 with the new record. */
export const handler = serve(endpoint, async ({ body, params, caller }) => createBenefitAdminSystem(caller, params.organization_id, body));
