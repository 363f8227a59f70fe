import { getImportTemplate as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { importTemplate, organizationForImport } from '../../lib/imports';

/**
 * GET /api/organizations/{organization_id}/imports/{kind}/template: the xlsx template as
 * `{ name, content_type, content_base64 }` (the JSON API carries the bytes; the web saves them).
 */
export const handler = serve(endpoint, async ({ params, caller }) => {
  await organizationForImport(caller, params.organization_id, params.kind, false);
  return importTemplate(params.kind);
});
