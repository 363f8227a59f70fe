import { getUserHandler } from '../../../lib/users/handlers';

export const handler = getUserHandler('admin');
