import { updateOrganizationExportTemplate as endpoint } from '../../../shared/api/completion';
import { updateOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** PATCH /api/organizations/{organization_id}/export_columns_templates/{export_columns_template_id} (stale → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateOrganizationExportTemplate(caller, params.organization_id, params.export_columns_template_id, body),
);
