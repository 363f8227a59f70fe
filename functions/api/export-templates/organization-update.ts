import { z } from 'zod';
import { exportColumnsTemplateUpdateSchema } from '../../../shared/schemas/export-columns';
import { updateOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** PATCH /api/organizations/{organization_id}/export_columns_templates/{export_columns_template_id} (stale → 409). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), export_columns_template_id: z.string().min(1) }), body: exportColumnsTemplateUpdateSchema }, async ({ caller, params, body }) =>
  updateOrganizationExportTemplate(caller, params.organization_id, params.export_columns_template_id, body),
);
