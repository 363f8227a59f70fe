import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** The values of a form whose fields are listed at runtime (field specs, a page's rows key): a record of them. */
export type FieldRecord = Record<string, unknown>;

/** The fields of a request body, as a form names them. */
export type FieldOf<Body> = Extract<keyof Body, string>;

/** A request-body schema such a form can be checked with: it takes a record of fields and gives the body (`Body`). */
export type RecordSchema<Body> = ZodType<Body, FieldRecord>;

/**
 * The resolver of such a form, from the shared schema of the request body the page picks: what
 * the schema makes of the form's values is the body the API takes, handed to the submit handler.
 */
export function schemaResolver<Body>(schema: RecordSchema<Body>): Resolver<FieldRecord, unknown, Body> {
  return zodResolver(schema);
}
