import { updateUserHandler } from '../../../lib/users/handlers';

export const handler = updateUserHandler('admin');
