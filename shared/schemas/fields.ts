/**
 * Field rules shared by the entity schemas of shared/schemas: optional text, e-mail and phone
 * fields that forms send as '' when left empty, calendar dates as yyyy-MM-dd, whole numbers from
 * an option list with a message that names the field, and the update schema convention (every
 * field optional, `updated_at` required).
 */
import { z } from 'zod';
import { NO_FILE_NAME_MESSAGE, safeFileName } from '../file-names';
import { REQUIRED } from '../messages';
import { emailSchema, optionalTrimmedString, toDialPhone } from '../validation';

export const INVALID_PHONE = 'Please enter a valid phone number';
export const INVALID_DATE = 'Please enter a valid date (yyyy-MM-dd)';

/** '' and whitespace count as "not given": forms send them for empty inputs. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Required text: missing, '' or blank all read 'This field is required' (SPEC §5). */
export const required = () => z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED });

/**
 * A file name declared for an upload: stored as its base name without control or bidirectional
 * characters (shared/file-names.ts), which is what is listed, audited and offered as the download's name.
 */
export const declaredFileName = () =>
  required()
    .transform(safeFileName)
    .pipe(z.string().min(1, { error: NO_FILE_NAME_MESSAGE }).max(255, { error: 'The file name is too long (255 characters at most)' }));

/** Optional free text: trimmed, '' → null. */
export const optionalText = () => optionalTrimmedString();

/** Optional e-mail: empty → null, otherwise 'Please enter a valid email' unless it is one. */
export const optionalEmail = () => z.preprocess(blankToNull, emailSchema().nullish()).transform((v) => v ?? null);

/**
 * Optional phone, stored as dial code plus digits (SPEC §5): '(555) 123-4567' → '+15551234567'.
 * Letters, or fewer than 7 / more than 15 digits, are refused.
 */
export const optionalPhone = () =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .refine((v) => /^[+\d\s().-]*$/.test(v), INVALID_PHONE)
        .refine((v) => {
          const digits = v.replace(/\D/g, '').length;
          return digits >= 7 && digits <= 15;
        }, INVALID_PHONE)
        .transform((v) => (v.startsWith('+') ? `+${v.replace(/\D/g, '')}` : toDialPhone(v)))
        .nullish(),
    )
    .transform((v) => v ?? null);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Optional calendar day as yyyy-MM-dd (no time zone: a termination date is a day, not an instant). */
export const optionalDate = () =>
  z.preprocess(blankToNull, z.string().trim().refine(isIsoDay, INVALID_DATE).nullish()).transform((v) => v ?? null);

/** Today as yyyy-MM-dd in UTC. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Numbers may come from a form or a spreadsheet as text. */
const toNumber = (v: unknown) => {
  const b = blankToNull(v);
  if (typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim())) return Number(b.trim());
  return b;
};

export const betweenMessage = (field: string, min: number, max: number) => `${field} must be between ${min} and ${max}`;
export const optionalIntBetween = (field: string, min: number, max: number) => {
  const message = betweenMessage(field, min, max);
  return z
    .preprocess(
      toNumber,
      z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).nullish(),
    )
    .transform((v) => v ?? null);
};

/** A whole number from an explicit option list (e.g. days 1–28 plus 31 for End of Month). */
export const optionalIntIn = (values: readonly number[], message: string) =>
  z
    .preprocess(toNumber, z.number({ error: message }).refine((v) => values.includes(v), { error: message }).nullish())
    .transform((v) => v ?? null);

/** Money or other non-negative amounts, rounded to 2 decimals (SPEC §5). */
export const optionalAmount = (field: string) =>
  z
    .preprocess(
      toNumber,
      z
        .number({ error: `${field} must be a number` })
        .min(0, { error: `${field} cannot be negative` })
        .transform((v) => Math.round(v * 100) / 100)
        .nullish(),
    )
    .transform((v) => v ?? null);

const toBoolean = (v: unknown) => {
  const b = blankToNull(v);
  if (typeof b !== 'string') return b;
  const s = b.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(s)) return true;
  if (['false', 'no', 'n', '0'].includes(s)) return false;
  return b;
};
export const optionalFlag = () => z.preprocess(toBoolean, z.boolean().nullish()).transform((v) => v ?? false);

/** An enum value, '' treated as not given. */
export const optionalEnum = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToNull, schema.nullish()).transform((v) => (v ?? null) as z.output<T> | null);

/** An id of another record (a user, an admin system): optional, '' → null. */
export const optionalId = () => optionalTrimmedString();

/** The version the client read; every PATCH carries it (stale → 409). */
export const updatedAtField = () => z.string({ error: 'updated_at is required' }).min(1, { error: 'updated_at is required' });

/**
 * The update schema of a create schema: every field optional (a field sent is validated exactly
 * as on create), unknown keys refused, and `updated_at` required.
 */
export function updateSchemaOf<S extends z.ZodRawShape>(create: z.ZodObject<S>) {
  return create.partial().extend({ updated_at: updatedAtField() }).strict();
}
