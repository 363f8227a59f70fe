import { z } from 'zod';
import { emailTemplatePutSchema, emailTypeParam } from '../../../shared/schemas/email-template';
import { putOrganizationEmailTemplate } from '../../lib/completion/email-templates';
import { route } from '../../lib/http';

/** PUT …/organizations/{organization_id}/email_templates/{email_type}: this level's own text (plan-gated; stale updated_at → 409). */
export const handler = route(
  { params: z.object({ organization_id: z.string().min(1), email_type: emailTypeParam }), body: emailTemplatePutSchema },
  async ({ caller, params, body }) => putOrganizationEmailTemplate(caller, params.organization_id, params.email_type, body),
);
