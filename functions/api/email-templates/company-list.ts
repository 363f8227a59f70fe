import { z } from 'zod';
import { listCompanyEmailTemplates } from '../../lib/completion/email-templates';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/email_templates: per type, the text a send would use and its source. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }) }, async ({ caller, params }) => listCompanyEmailTemplates(caller, params.company_id));
