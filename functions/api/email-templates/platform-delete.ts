import { deletePlatformEmailTemplate as endpoint } from '../../../shared/api/completion';
import { deletePlatformTemplate } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** DELETE /api/platform-email-templates/{email_type}: back to the built-in default text; answers it. */
export const handler = serve(endpoint, async ({ params }) => deletePlatformTemplate(params.email_type));
