import { deleteUserHandler } from '../../../lib/users/handlers';

export const handler = deleteUserHandler('agency');
