import { z } from 'zod';
import { noContent, route } from '../../lib/http';
import { unlinkAgency } from '../../lib/hierarchy/organization-settings';

/** DELETE /api/organizations/{organization_id}/agencies/{agency_id}: removes the record (204). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), agency_id: z.string().min(1) }) }, async ({ params, caller }) => {
  await unlinkAgency(caller, params.organization_id, params.agency_id);
  return noContent();
});
