import { listOrganizationEmailTemplates as endpoint } from '../../../shared/api/completion';
import { listOrganizationEmailTemplates } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/email_templates: per type, the text a send would use and its source. */
export const handler = serve(endpoint, async ({ caller, params }) => listOrganizationEmailTemplates(caller, params.organization_id));
