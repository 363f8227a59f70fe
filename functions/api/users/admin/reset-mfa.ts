import { resetMfaHandler } from '../../../lib/users/handlers';

export const handler = resetMfaHandler('admin');
