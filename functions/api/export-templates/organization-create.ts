import { createOrganizationExportTemplate as endpoint } from '../../../shared/api/completion';
import { createOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** POST /api/organizations/{organization_id}/export_columns_templates → 201. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createOrganizationExportTemplate(caller, params.organization_id, body));
