/** The password policy of SPEC §5: the user pool's rules and the messages a password breaking them is told. */
import {
  PASSWORD_NEEDS_LOWERCASE,
  PASSWORD_NEEDS_NUMBERS,
  PASSWORD_NEEDS_SPECIAL_CHARACTERS,
  PASSWORD_NEEDS_UPPERCASE,
  passwordMinLength,
} from './messages';

export interface PasswordPolicy {
  minLength?: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumbers?: boolean;
  requireSymbols?: boolean;
}

export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

/**
 * The user pool's password policy (infra/constructs/auth.ts builds the pool from it), so the pages
 * that set a password check and show the rules the pool enforces.
 */
export const USER_POOL_PASSWORD_POLICY = {
  minLength: DEFAULT_PASSWORD_MIN_LENGTH,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
} as const satisfies Required<PasswordPolicy>;

/** The special characters Cognito accepts in a password (the identity widget checks the same set). */
export const PASSWORD_SPECIAL_CHARACTERS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Every policy message the password breaks, in the order the widget lists them; [] when it complies. */
export function passwordPolicyErrors(password: string, policy: PasswordPolicy = {}): string[] {
  const minLength = policy.minLength ?? DEFAULT_PASSWORD_MIN_LENGTH;
  const errors: string[] = [];
  if (password.length < minLength) errors.push(passwordMinLength(minLength));
  if (policy.requireLowercase && !/[a-z]/.test(password)) errors.push(PASSWORD_NEEDS_LOWERCASE);
  if (policy.requireUppercase && !/[A-Z]/.test(password)) errors.push(PASSWORD_NEEDS_UPPERCASE);
  if (policy.requireNumbers && !/\d/.test(password)) errors.push(PASSWORD_NEEDS_NUMBERS);
  if (policy.requireSymbols && !PASSWORD_SPECIAL_CHARACTERS.test(password)) errors.push(PASSWORD_NEEDS_SPECIAL_CHARACTERS);
  return errors;
}

/** Every rule of a policy, as the messages a password breaking it is told (SPEC §5). */
export const passwordRequirements = (policy: PasswordPolicy = {}) => passwordPolicyErrors('', policy);
