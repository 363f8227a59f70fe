import { ComparerSeatsEntity } from './comparer-seats';
import { EmailSuppressionEntity } from './email-suppression';
import { UserEntity } from './user';
import { UsersWhitelistEntity } from './users-whitelist';

/** Entities of identity and access (users, whitelists, addresses the platform no longer e-mails). */
export const userEntities = {
  user: UserEntity,
  usersWhitelist: UsersWhitelistEntity,
  emailSuppression: EmailSuppressionEntity,
  comparerSeats: ComparerSeatsEntity,
};
