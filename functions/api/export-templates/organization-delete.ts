import { deleteOrganizationExportTemplate as endpoint } from '../../../shared/api/completion';
import { deleteOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/organizations/{organization_id}/export_columns_templates/{export_columns_template_id} → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteOrganizationExportTemplate(caller, params.organization_id, params.export_columns_template_id);
  return noContent();
});
