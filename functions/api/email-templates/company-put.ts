import { putCompanyEmailTemplate as endpoint } from '../../../shared/api/completion';
import { putCompanyEmailTemplate } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** PUT …/companies/{company_id}/email_templates/{email_type}: this level's own text (plan-gated; stale updated_at → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) => putCompanyEmailTemplate(caller, params.company_id, params.email_type, body));
