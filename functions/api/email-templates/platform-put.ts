import { putPlatformEmailTemplate as endpoint } from '../../../shared/api/completion';
import { putPlatformTemplate } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** PUT /api/platform-email-templates/{email_type}: the platform's text of a type (DMS Admin; stale updated_at → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) => putPlatformTemplate(caller, params.email_type, body));
