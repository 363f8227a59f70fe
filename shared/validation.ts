import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from './constants';
import { defineEnum } from './enum';
import { INVALID_EMAIL, PASSWORDS_MUST_MATCH, REQUIRED } from './messages';
import { passwordPolicyErrors, type PasswordPolicy } from './password-policy';

/** A standard address pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The separate no-whitespace pattern of SPEC §5 (usernames, codes). */
export const NO_WHITESPACE_PATTERN = /^\S*$/;
/** Not given by the spec; used with NO_WHITESPACE_PATTERN. */
export const NO_WHITESPACE = 'This field cannot contain spaces';

/** Any field other than a password: trimmed (SPEC §5). */
export const trimmedString = () => z.string().trim();
export const requiredString = () => z.string().trim().min(1, REQUIRED);
export const optionalTrimmedString = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));
// `abort` so an empty field shows only 'This field is required', not the pattern message as well.
export const emailSchema = () =>
  z.string().trim().min(1, { error: REQUIRED, abort: true }).regex(EMAIL_PATTERN, INVALID_EMAIL);
export const noWhitespaceString = () =>
  z.string().trim().min(1, { error: REQUIRED, abort: true }).regex(NO_WHITESPACE_PATTERN, NO_WHITESPACE);

export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

/** Sign-in form (SPEC §2, §5): both fields required; the password is taken as typed. */
export const signInSchema = z.object({
  username: requiredString(),
  password: z.string().min(1, REQUIRED),
});

// Phone numbers (SPEC §5): dial code plus digits only.
export const DEFAULT_DIAL_CODE = DEFAULT_COUNTRY_CODE;

/**
 * '+1' and '(555) 123-4567' → '+15551234567'; '' when there are no digits. A number that already
 * starts with '+' carries its own dial code (what the web's phone field sends) and keeps it.
 */
export function toDialPhone(phone: string | null | undefined, dialCode: string = DEFAULT_DIAL_CODE): string {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (!digits) return '';
  if (String(phone).trim().startsWith('+')) return `+${digits}`;
  const code = `+${String(dialCode || DEFAULT_DIAL_CODE).replace(/\D/g, '') || '1'}`;
  return `${code}${digits}`;
}

export const phoneSchema = (dialCode: string = DEFAULT_DIAL_CODE) =>
  z
    .string()
    .trim()
    .transform((v) => toDialPhone(v, dialCode));

/** MFA choice (SPEC §5): SMS, TOTP or EMAIL. */
export const MfaChoice = defineEnum({ SMS: 'SMS', TOTP: 'Authenticator App (TOTP)', EMAIL: 'Email' });
export type MfaChoice = (typeof MfaChoice.values)[number];

// Password policy (SPEC §5): kept in a module without zod, so the sign-in page can list the rules
// without downloading the schema library.
export {
  USER_POOL_PASSWORD_POLICY,
  passwordPolicyErrors,
  type PasswordPolicy,
} from './password-policy';

/** A new password under a policy; never trimmed, since spaces may be part of it. */
export const passwordSchema = (policy: PasswordPolicy = {}) =>
  z.string().superRefine((value, ctx) => {
    for (const message of passwordPolicyErrors(value, policy)) ctx.addIssue({ code: 'custom', message });
  });

/** New password plus confirmation ('Your passwords must match' on confirm_password). */
export const newPasswordSchema = (policy: PasswordPolicy = {}) =>
  z
    .object({ password: passwordSchema(policy), confirm_password: z.string() })
    .refine((v) => v.password === v.confirm_password, { message: PASSWORDS_MUST_MATCH, path: ['confirm_password'] });
