import { deleteServiceType as endpoint } from '../../../shared/api/hierarchy';
import { noContent, serve } from '../../lib/http';
import { deleteServiceType } from '../../lib/hierarchy/organization-settings';

/** DELETE /api/organizations/{organization_id}/service_types/{service_type_id}: removes the record (204). */
export const handler = serve(endpoint, async ({ params, caller }) => {
  await deleteServiceType(caller, params.organization_id, params.service_type_id);
  return noContent();
});
