import { createUserHandler } from '../../../lib/users/handlers';

export const handler = createUserHandler('organization');
