/**
 * Errors a handler throws to answer with a status and `{ message, errors? }`; `detail` adds the
 * fields an endpoint declares in its `errorBodies` (the blockers of a refused completion).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const NOT_FOUND_MESSAGE = 'Not found';
export const notFound = (message = NOT_FOUND_MESSAGE) => new HttpError(404, message);
export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const conflict = (
  message = 'This record was changed by someone else since you loaded it. Reload it and try again.',
) => new HttpError(409, message);

