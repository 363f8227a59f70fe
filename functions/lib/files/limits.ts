import { MAX_UPLOAD_BYTES, MULTIPART_THRESHOLD_BYTES } from '../../../shared/upload-plan';

/** Largest data file a comparison reads (the upload route answers 413 above it). */
export const MAX_DATA_FILE_BYTES = MAX_UPLOAD_BYTES;

/** A carrier file conversion reads its workbook within one API request, so it keeps to what one PUT takes. */
export const MAX_CONVERTIBLE_FILE_BYTES = MULTIPART_THRESHOLD_BYTES;

/**
 * .xls is a binary format the reader must hold whole in memory (several times its size once
 * parsed), unlike .xlsx which we stream; so it gets a much lower ceiling.
 */
export const MAX_XLS_BYTES = 20 * 1024 * 1024;

/** Rows examined to find the header row; titles above a table rarely run longer than this. */
export const HEADER_SEARCH_ROWS = 25;

/** Data rows after a header candidate used to judge whether a table really starts there. */
export const HEADER_LOOKAHEAD_ROWS = 5;

/** Guards against a single unclosed quote swallowing a whole CSV file into one field. */
export const MAX_CSV_RECORD_CHARS = 1024 * 1024;

/**
 * Widest table read: Excel's own limit (column XFD). A wider table comes from a damaged cell
 * reference, and its column names would not fit the File record (a DynamoDB item holds 400 KB).
 */
export const MAX_TABLE_COLUMNS = 16_384;

/** The column names' characters together, so that the File record that lists them stays well under 400 KB. */
export const MAX_COLUMN_NAME_CHARS = 200_000;
