import { z } from 'zod';
import { listOrganizationEmailTemplates } from '../../lib/completion/email-templates';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/email_templates: per type, the text a send would use and its source. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ caller, params }) => listOrganizationEmailTemplates(caller, params.organization_id));
