import { deleteOrganizationEmailTemplate as endpoint } from '../../../shared/api/completion';
import { deleteOrganizationEmailTemplate } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** DELETE …/organizations/{organization_id}/email_templates/{email_type}: back to the text of the level above; answers it. */
export const handler = serve(endpoint, async ({ caller, params }) => deleteOrganizationEmailTemplate(caller, params.organization_id, params.email_type));
