import { listCompanyEmailTemplates as endpoint } from '../../../shared/api/completion';
import { listCompanyEmailTemplates } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/email_templates: per type, the text a send would use and its source. */
export const handler = serve(endpoint, async ({ caller, params }) => listCompanyEmailTemplates(caller, params.company_id));
