import { listPlatformTemplates } from '../../lib/completion/email-templates';
import { route } from '../../lib/http';

/** GET /api/platform-email-templates: every e-mail type with the platform's text (stored, else the default). */
export const handler = route({}, async () => listPlatformTemplates());
