import { z } from 'zod';

/**
 * The one error shape of the API: a sentence for the user and, for invalid input, a message per
 * field keyed by its dotted path (the web maps them straight onto a form).
 */
export const errorResponse = z.strictObject({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
