import { z } from 'zod';
import { noContent, route } from '../../lib/http';
import { deleteServiceType } from '../../lib/hierarchy/organization-settings';

/** DELETE /api/organizations/{organization_id}/service_types/{service_type_id}: removes the record (204). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), service_type_id: z.string().min(1) }) }, async ({ params, caller }) => {
  await deleteServiceType(caller, params.organization_id, params.service_type_id);
  return noContent();
});
