import { MESSAGES } from '../config/literals';

/**
 * How a failed call should be treated: not-found is final (and makes guards show 404),
 * reauthenticate means the token was refused, network means the call never reached the API.
 */
export type ApiErrorKind = 'not-found' | 'reauthenticate' | 'network' | 'http';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** The parsed JSON error body when there was one (field errors of a 400 live here). */
  readonly body?: unknown;

  constructor(message: string, kind: ApiErrorKind, status?: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The message per field of a refused write (the `errors` of the API's error body), {} when none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = isApiError(error) ? (error.body as { errors?: unknown } | undefined) : undefined;
  const errors = body?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
export const isNotFoundError = (error: unknown) => isApiError(error) && error.kind === 'not-found';
export const isReauthenticationError = (error: unknown) => isApiError(error) && error.kind === 'reauthenticate';

// Behind HTTP/2 the status text is empty; the spec's wording needs the reason phrase.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusLine(status: number, statusText?: string): string {
  return `${status} (${statusText || REASON_PHRASES[status] || 'Error'})`;
}

export function notFoundError(body?: unknown): ApiError {
  return new ApiError(MESSAGES.notFound, 'not-found', 404, body);
}

export function reauthenticationError(message: string = MESSAGES.reauthenticate): ApiError {
  return new ApiError(message, 'reauthenticate', 401);
}

export function networkError(cause: unknown): ApiError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(MESSAGES.fetchError(message), 'network');
}

/** Builds the error of a non-2xx response from its status and (maybe JSON) body. */
export function errorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  let body: unknown;
  let isJson = false;
  try {
    body = bodyText ? JSON.parse(bodyText) : undefined;
    isJson = body !== undefined;
  } catch {
    body = undefined;
  }
  if (status === 404) return notFoundError(body);
  const jsonMessage =
    isJson && body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined;
  const message = isJson ? (jsonMessage ?? MESSAGES.genericError) : statusLine(status, statusText);
  return new ApiError(message, status === 401 ? 'reauthenticate' : 'http', status, body);
}

/** The text a person should read for an error, whatever threw it. */
export function errorMessage(error: unknown): string {
  if (isReauthenticationError(error)) return MESSAGES.reauthenticate;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.genericError;
}
