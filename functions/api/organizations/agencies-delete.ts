import { unlinkOrganizationAgency as endpoint } from '../../../shared/api/hierarchy';
import { noContent, serve } from '../../lib/http';
import { unlinkAgency } from '../../lib/hierarchy/organization-settings';

/** DELETE /api/organizations/{organization_id}/agencies/{agency_id}: removes the record (204). */
export const handler = serve(endpoint, async ({ params, caller }) => {
  await unlinkAgency(caller, params.organization_id, params.agency_id);
  return noContent();
});
