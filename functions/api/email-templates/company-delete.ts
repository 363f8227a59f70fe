import { z } from 'zod';
import { emailTypeParam } from '../../../shared/schemas/email-template';
import { deleteCompanyEmailTemplate } from '../../lib/completion/email-templates';
import { route } from '../../lib/http';

/** DELETE …/companys/{company_id}/email_templates/{email_type}: back to the text of the level above; answers it. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), email_type: emailTypeParam }) }, async ({ caller, params }) =>
  deleteCompanyEmailTemplate(caller, params.company_id, params.email_type),
);
