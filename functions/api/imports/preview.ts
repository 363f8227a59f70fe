import { previewImport as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { previewImport } from '../../lib/imports';

/** POST /api/organizations/{organization_id}/imports/{kind}/preview: `{ rows, problems }`, nothing written. */
export const handler = serve(endpoint, async ({ body, params, caller }) => previewImport(caller, params.organization_id, params.kind, body));
