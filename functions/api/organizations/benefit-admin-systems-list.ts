import { listBenefitAdminSystems as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listBenefitAdminSystems } from '../../lib/hierarchy/organization-settings';

/** GET /api/organizations/{organization_id}/benefit_admin_systems: the benefit admin systems of the organization. */
export const handler = serve(endpoint, async ({ query, params, caller }) => listBenefitAdminSystems(caller, params.organization_id, query));
