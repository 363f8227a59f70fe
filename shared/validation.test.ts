import { describe, it, expect } from 'vitest';
import {
  MfaChoice,
  emailSchema,
  isValidEmail,
  newPasswordSchema,
  noWhitespaceString,
  passwordPolicyErrors,
  passwordSchema,
  phoneSchema,
  requiredString,
  signInSchema,
  toDialPhone,
  trimmedString,
} from './validation';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('e-mail and required fields (SPEC §5)', () => {
  it("rejects a malformed address with 'Please enter a valid email'", () => {
    expect(messages(emailSchema().safeParse('jane@example'))).toEqual(['Please enter a valid email']);
    expect(messages(emailSchema().safeParse('jane doe@example.com'))).toEqual(['Please enter a valid email']);
    expect(emailSchema().parse('  jane@example.com ')).toBe('jane@example.com');
    expect(isValidEmail('a.b+c@d.co')).toBe(true);
    expect(isValidEmail('ab.com')).toBe(false);
  });

  it("asks for an empty required field with 'This field is required'", () => {
    expect(messages(requiredString().safeParse('   '))).toEqual(['This field is required']);
    expect(messages(emailSchema().safeParse(''))).toEqual(['This field is required']);
    expect(requiredString().parse(' Acme ')).toBe('Acme');
  });

  it('trims fields other than passwords', () => {
    expect(trimmedString().parse('  x  ')).toBe('x');
    expect(passwordSchema({ minLength: 1 }).parse('  secret  ')).toBe('  secret  ');
  });

  it('refuses whitespace where the no-whitespace pattern applies', () => {
    expect(noWhitespaceString().safeParse('jane.doe').success).toBe(true);
    expect(noWhitespaceString().safeParse('jane doe').success).toBe(false);
  });
});

describe('sign-in form', () => {
  it('requires username and password', () => {
    const r = signInSchema.safeParse({ username: ' ', password: '' });
    expect(messages(r)).toEqual(['This field is required', 'This field is required']);
    expect(signInSchema.parse({ username: ' jane ', password: ' pw ' })).toEqual({ username: 'jane', password: ' pw ' });
  });
});

describe('phone numbers (SPEC §5)', () => {
  it('sends the dial code (default +1) plus digits only', () => {
    expect(toDialPhone('(555) 123-4567')).toBe('+15551234567');
    expect(toDialPhone('20 7946 0958', '+44')).toBe('+442079460958');
    expect(phoneSchema().parse(' 555.123.4567 ')).toBe('+15551234567');
    expect(toDialPhone('')).toBe('');
  });
});

describe('MFA choice (SPEC §5)', () => {
  it('must be SMS, TOTP or EMAIL', () => {
    expect(MfaChoice.values).toEqual(['SMS', 'TOTP', 'EMAIL']);
    expect(MfaChoice.schema.safeParse('TOTP').success).toBe(true);
    expect(MfaChoice.schema.safeParse('VOICE').success).toBe(false);
  });
});

describe('password policy (SPEC §5)', () => {
  it('requires 8 characters by default', () => {
    expect(passwordPolicyErrors('short')).toEqual(['Password must have at least 8 characters']);
    expect(passwordPolicyErrors('longenough')).toEqual([]);
  });

  it('takes a configured minimum length, such as 6', () => {
    expect(passwordPolicyErrors('abcde', { minLength: 6 })).toEqual(['Password must have at least 6 characters']);
    expect(passwordPolicyErrors('abcdef', { minLength: 6 })).toEqual([]);
  });

  it('lists every requirement the password misses', () => {
    const all = { requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true };
    expect(passwordPolicyErrors('', all)).toEqual([
      'Password must have at least 8 characters',
      'Password must have lower case letters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
    expect(passwordPolicyErrors('Abcdefg1!', all)).toEqual([]);
    expect(passwordPolicyErrors('ABCDEFG1!', all)).toEqual(['Password must have lower case letters']);
  });

  it('reports policy messages through the zod schema', () => {
    expect(messages(passwordSchema({ requireNumbers: true }).safeParse('abcdefgh'))).toEqual(['Password must have numbers']);
  });

  it("requires the confirmation to match: 'Your passwords must match'", () => {
    const r = newPasswordSchema().safeParse({ password: 'abcdefgh', confirm_password: 'abcdefgx' });
    expect(messages(r)).toEqual(['Your passwords must match']);
    expect(r.success ? null : r.error.issues[0]!.path).toEqual(['confirm_password']);
    expect(newPasswordSchema().safeParse({ password: 'abcdefgh', confirm_password: 'abcdefgh' }).success).toBe(true);
  });
});
