import { putOrganizationEmailTemplate as endpoint } from '../../../shared/api/completion';
import { putOrganizationEmailTemplate } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** PUT …/organizations/{organization_id}/email_templates/{email_type}: this level's own text (plan-gated; stale updated_at → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) => putOrganizationEmailTemplate(caller, params.organization_id, params.email_type, body));
