import { deleteCompanyEmailTemplate as endpoint } from '../../../shared/api/completion';
import { deleteCompanyEmailTemplate } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** DELETE …/companies/{company_id}/email_templates/{email_type}: back to the text of the level above; answers it. */
export const handler = serve(endpoint, async ({ caller, params }) => deleteCompanyEmailTemplate(caller, params.company_id, params.email_type));
