import { z } from 'zod';
import { emailTypeParam } from '../../../shared/schemas/email-template';
import { deleteOrganizationEmailTemplate } from '../../lib/completion/email-templates';
import { route } from '../../lib/http';

/** DELETE …/organizations/{organization_id}/email_templates/{email_type}: back to the text of the level above; answers it. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), email_type: emailTypeParam }) }, async ({ caller, params }) =>
  deleteOrganizationEmailTemplate(caller, params.organization_id, params.email_type),
);
