import { z } from 'zod';
import { exportColumnsTemplateCreateSchema } from '../../../shared/schemas/export-columns';
import { createOrganizationExportTemplate } from '../../lib/completion/export-columns';
import { created, route } from '../../lib/http';

/** POST /api/organizations/{organization_id}/export_columns_templates → 201. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }), body: exportColumnsTemplateCreateSchema }, async ({ caller, params, body }) =>
  created(await createOrganizationExportTemplate(caller, params.organization_id, body)),
);
