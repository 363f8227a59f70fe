import { commitImport as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { commitImport } from '../../lib/imports';

/** POST /api/organizations/{organization_id}/imports/{kind}/commit: 201 with all rows written, or 400 with the problems and none. */
export const handler = serve(endpoint, async ({ body, params, caller }) => commitImport(caller, params.organization_id, params.kind, body));
