import { publicRoute } from '../../lib/http';

export const handler = publicRoute({}, async () => ({ status: 'ok', time: new Date().toISOString() }));
