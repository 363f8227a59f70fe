import { z } from 'zod';
import { IMPORT_KINDS } from '../../../shared/imports';
import { route } from '../../lib/http';
import { commitImport, importFileSchema } from '../../lib/imports';

/** POST /api/organizations/{organization_id}/imports/{kind}/commit: 201 with all rows written, or 400 with the problems and none. */
export const handler = route(
  { body: importFileSchema, params: z.object({ organization_id: z.string().min(1), kind: z.enum(IMPORT_KINDS) }) },
  async ({ body, params, caller }) => commitImport(caller, params.organization_id, params.kind, body),
);
