import { route } from '../../lib/http';
import { userFlags } from '../../../shared/roles';

export const handler = route({}, async ({ caller }) => ({ ...caller.user, ...userFlags(caller.user) }));
