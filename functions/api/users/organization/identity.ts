import { identityHandler } from '../../../lib/users/handlers';

export const handler = identityHandler('organization');
