/**
 * Declared sizes above this are not a number anyone's file has (about 1 PB); sizes between the upload
 * limit (shared/upload-plan.ts) and this are answered with 413 by the upload route, not with a schema error.
 */
export const MAX_DATA_FILE_BYTES_DECLARED = 2 ** 50;
