import { listOrganizationExportTemplates as endpoint } from '../../../shared/api/completion';
import { listOrganizationExportTemplates } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/export_columns_templates: the organization's and its companies'. */
export const handler = serve(endpoint, async ({ caller, params }) => listOrganizationExportTemplates(caller, params.organization_id));
