export type FileParseErrorCode =
  | 'WRONG_EXTENSION'
  | 'TOO_LARGE'
  | 'EMPTY_FILE'
  | 'HEADER_ONLY'
  | 'NO_HEADER'
  | 'HEADER_ROW_EMPTY'
  | 'ENCRYPTED'
  | 'CORRUPT_WORKBOOK'
  | 'UNREADABLE_CSV'
  | 'UNREADABLE_X12'
  | 'CONTENT_MISMATCH'
  | 'WORKSHEET_NOT_FOUND'
  | 'NO_WORKSHEETS'
  | 'TOO_WIDE';

/**
 * A problem with the uploaded file itself, as opposed to a fault of ours. `message` is written for
 * the person who uploaded the file; `code` is for the route (413 for TOO_LARGE, 422 otherwise) and
 * for tests. The original library error, if any, is kept as `cause` for logs; it never carries
 * cell contents from our code, but callers should log `code` rather than `cause` to be safe.
 */
export class FileParseError extends Error {
  readonly code: FileParseErrorCode;
  /** Only for WORKSHEET_NOT_FOUND, so the UI can offer a picker. */
  readonly worksheets?: string[];

  constructor(code: FileParseErrorCode, message: string, options?: { cause?: unknown; worksheets?: string[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FileParseError';
    this.code = code;
    if (options?.worksheets) this.worksheets = options.worksheets;
  }
}
