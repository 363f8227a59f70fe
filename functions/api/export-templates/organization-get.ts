import { getOrganizationExportTemplate as endpoint } from '../../../shared/api/completion';
import { getOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/export_columns_templates/{export_columns_template_id}. */
export const handler = serve(endpoint, async ({ caller, params }) =>
  getOrganizationExportTemplate(caller, params.organization_id, params.export_columns_template_id),
);
