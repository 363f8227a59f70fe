import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** The values of a form whose fields are listed at runtime (field specs, a page's rows key): a record of them. */
export type FieldRecord = Record<string, unknown>;

/** A request-body schema such a form can be checked with: it takes a record of fields. */
export type RecordSchema = ZodType<unknown, FieldRecord>;

/**
 * The resolver of such a form, from the shared schema of the request body the page picks: what
 * the schema makes of the form's values is the body the API takes (`unknown` here, whatever the
 * schema is), handed to the submit handler.
 */
export function schemaResolver(schema: RecordSchema): Resolver<FieldRecord, unknown, unknown> {
  return zodResolver(schema);
}
