import { z } from 'zod';

/**
 * Building blocks of response schemas. Records are read back as stored: a field never set is
 * absent, one cleared may be null, so optional fields are `maybe(...)`. Responses are strict
 * objects: a field the schema does not name fails the contract check instead of slipping out.
 */
export const id = () => z.string().min(1);
/** An ISO 8601 instant as the server writes it. */
export const instant = () => z.string().min(1);
export const maybe = <T extends z.ZodType>(schema: T) => schema.nullish();

/** created_at / updated_at, and who wrote the record when it says so. */
export const audit = {
  created_at: instant(),
  updated_at: instant(),
  created_by_user_id: maybe(z.string()),
  updated_by_user_id: maybe(z.string()),
};

/** A small generated file carried in the JSON answer (reports, templates); the web saves the bytes. */
export const fileInJson = () =>
  z.strictObject({ name: z.string(), content_type: z.string(), content_base64: z.string() });
