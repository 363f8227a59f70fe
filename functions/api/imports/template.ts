import { z } from 'zod';
import { IMPORT_KINDS } from '../../../shared/imports';
import { route } from '../../lib/http';
import { importTemplate, organizationForImport } from '../../lib/imports';

/**
 * GET /api/organizations/{organization_id}/imports/{kind}/template: the xlsx template as
 * `{ name, content_type, content_base64 }` (the JSON API carries the bytes; the web saves them).
 */
export const handler = route(
  { params: z.object({ organization_id: z.string().min(1), kind: z.enum(IMPORT_KINDS) }) },
  async ({ params, caller }) => {
    await organizationForImport(caller, params.organization_id, params.kind, false);
    return importTemplate(params.kind);
  },
);
