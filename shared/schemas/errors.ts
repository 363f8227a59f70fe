import { z } from 'zod';

/**
 * The one error shape of the API: a sentence for the user and, for invalid input, a message per
 * field keyed by its dotted path (the web maps them straight onto a form).
 */
export const errorResponse = z.strictObject({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * An error that carries more than a sentence: the refusal of a whole checklist or of a whole file
 * lists its items beside the message, so a page can show them. Still `{ message, errors? }` at
 * its core; the endpoint names the extra fields in its `errorBodies`.
 */
export const errorResponseWith = <T extends z.ZodRawShape>(detail: T) => errorResponse.extend(detail);
