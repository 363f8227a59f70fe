import { z } from 'zod';
import { deleteOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { noContent, route } from '../../lib/http';

/** DELETE /api/organizations/{organization_id}/export_columns_templates/{export_columns_template_id} → 204. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), export_columns_template_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteOrganizationExportTemplate(caller, params.organization_id, params.export_columns_template_id);
  return noContent();
});
