import { z } from 'zod';
import { getOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/export_columns_templates/{export_columns_template_id}. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), export_columns_template_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getOrganizationExportTemplate(caller, params.organization_id, params.export_columns_template_id),
);
