import { UserEntity } from './user';
import { UsersWhitelistEntity } from './users-whitelist';

/** Entities of identity and access (users, whitelists). */
export const userEntities = {
  user: UserEntity,
  usersWhitelist: UsersWhitelistEntity,
};
