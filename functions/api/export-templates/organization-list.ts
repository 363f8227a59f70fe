import { z } from 'zod';
import { listOrganizationExportTemplates } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/export_columns_templates: the organization's and its companies'. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ caller, params }) => listOrganizationExportTemplates(caller, params.organization_id));
