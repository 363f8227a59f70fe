import { resendInvitationHandler } from '../../../lib/users/handlers';

export const handler = resendInvitationHandler('admin');
