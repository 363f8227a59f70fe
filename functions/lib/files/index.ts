// Reading uploaded data files (.xlsx streamed, .xls, .csv) into header + rows, and the stored
// parsed-rows format the comparison reads back. See parse.ts and parsed-rows.ts.
export { FileParseError, type FileParseErrorCode } from './errors';
export { MAX_CONVERTIBLE_FILE_BYTES, MAX_DATA_FILE_BYTES, MAX_XLS_BYTES } from './limits';
export { messages as fileParseMessages } from './messages';
export { DATA_FILE_EXTENSIONS, dataFileExtension, type DataFileExtension } from './open-source';
export { listWorksheets, parseFile, type FileInput, type ParsedFile, type ParsedFileMeta, type TableOptions, type WorksheetInfo } from './parse';
export {
  openParsedRows,
  PARSED_ROWS_FORMAT,
  PARSED_ROWS_VERSION,
  readParsedRows,
  writeParsedRows,
  type OpenedParsedRows,
  type ParsedRowsHeader,
  type ParseSummary,
  type WriteOptions,
} from './parsed-rows';
export { ParsedColumnsWriter, readColumn, type ParsedColumnsStore, type StoredColumn } from './parsed-columns';
