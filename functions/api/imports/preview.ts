import { z } from 'zod';
import { IMPORT_KINDS } from '../../../shared/imports';
import { route } from '../../lib/http';
import { importFileSchema, previewImport } from '../../lib/imports';

/** POST /api/organizations/{organization_id}/imports/{kind}/preview: `{ rows, problems }`, nothing written. */
export const handler = route(
  { body: importFileSchema, params: z.object({ organization_id: z.string().min(1), kind: z.enum(IMPORT_KINDS) }) },
  async ({ body, params, caller }) => previewImport(caller, params.organization_id, params.kind, body),
);
