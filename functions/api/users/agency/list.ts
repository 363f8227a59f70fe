import { listUsersHandler } from '../../../lib/users/handlers';

export const handler = listUsersHandler('agency');
