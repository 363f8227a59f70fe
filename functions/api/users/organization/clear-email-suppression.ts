import { clearEmailSuppressionHandler } from '../../../lib/users/handlers';

export const handler = clearEmailSuppressionHandler('organization');
