import { disableUserHandler } from '../../../lib/users/handlers';

export const handler = disableUserHandler('organization', false);
