import type { z } from 'zod';
import type { RouteGate } from '../permissions/route-gates';

/**
 * An endpoint of the API as its callers see it: method and path, the schemas of what it takes
 * (path parameters, query, body) and of what it answers on success. One object serves the server
 * (the route wrapper validates requests with it and types the handler's return), the web (request
 * and response types) and integrators (GET /api/openapi.json is generated from these).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;
/** Error statuses a route may answer besides 400 (invalid input), 401 and 404, which every route may. */
export type ErrorStatus = 403 | 409 | 413 | 429 | 503;

type Schema = z.ZodType;

export interface Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | null = Schema | null,
> {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/companies/{company_id}/comparisons`. */
  path: string;
  /** The resource it reads or writes, which decides who may call it (shared/permissions/route-gates.ts). */
  gate: RouteGate;
  /** One line for the API reference. */
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success status; 204 answers no body. */
  status?: SuccessStatus;
  /** Other success statuses with the same body (a 202 when a wait for a job ran out first). */
  alsoAnswers?: readonly SuccessStatus[];
  /** The success body; null when there is none (204) or it is not JSON (see `contentType`). */
  response: R;
  /** For a download answered as a file instead of JSON. */
  contentType?: string;
  errors?: readonly ErrorStatus[];
  /**
   * Error answers that carry more than `{ message, errors? }` (schemas made by `errorResponseWith`),
   * by status: the refusal that lists its blockers or the rows of a file that are wrong.
   */
  errorBodies?: Partial<Record<400 | ErrorStatus, Schema>>;
}

/** Declares an endpoint, keeping the exact schema types for the handler and the web. */
export function endpoint<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, R extends Schema | null = null>(
  definition: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> {
  return definition;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the endpoint answers on success (the handler's return type, the web's data type). */
export type ResponseOf<E> = E extends Endpoint<infer _P, infer _Q, infer _B, infer R> ? Output<R> : never;
/** The body as the web sends it. */
export type RequestBodyOf<E> = E extends Endpoint<infer _P, infer _Q, infer B, infer _R> ? Input<B> : never;
/** The body as the handler receives it, validated. */
export type ParsedBodyOf<E> = E extends Endpoint<infer _P, infer _Q, infer B, infer _R> ? Output<B> : never;
export type ParsedQueryOf<E> = E extends Endpoint<infer _P, infer Q, infer _B, infer _R> ? (Q extends z.ZodType ? z.output<Q> : Record<string, string>) : never;
export type ParsedParamsOf<E> = E extends Endpoint<infer P, infer _Q, infer _B, infer _R> ? (P extends z.ZodType ? z.output<P> : Record<string, string>) : never;
