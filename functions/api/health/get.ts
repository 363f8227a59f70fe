import { getHealth } from '../../../shared/api/platform';
import { servePublic } from '../../lib/http';

export const handler = servePublic(getHealth, async () => ({ status: 'ok' as const, time: new Date().toISOString() }));
