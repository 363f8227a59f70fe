import { disableUserHandler } from '../../../lib/users/handlers';

export const handler = disableUserHandler('agency', true);
