import { UserEntity } from './user';

/** Entities of identity and access (users, whitelists). */
export const userEntities = {
  user: UserEntity,
};
