import { listPlatformEmailTemplates } from '../../../shared/api/completion';
import { listPlatformTemplates } from '../../lib/completion/email-templates';
import { serve } from '../../lib/http';

/** GET /api/platform-email-templates: every e-mail type with the platform's text (stored, else the default). */
export const handler = serve(listPlatformEmailTemplates, async () => listPlatformTemplates());
