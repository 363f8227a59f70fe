// Reading uploaded data files (.xlsx streamed, .xls, .csv) into header + rows, and the stored
// parsed-rows format the comparison reads back. See parse.ts and parsed-rows.ts.
export { FileParseError } from './errors';
export { nonEmptyCount, type RawRow } from './header';
export { HEADER_SEARCH_ROWS, MAX_CONVERTIBLE_FILE_BYTES, MAX_DATA_FILE_BYTES } from './limits';
export { messages as fileParseMessages } from './messages';
export { openSource } from './open-source';
export { parseFile, type FileInput } from './parse';
export {
  openParsedRows,
  PARSED_ROWS_FORMAT,
  PARSED_ROWS_VERSION,
  readParsedRows,
  readPartRows,
  writeParsedRows,
  type ParsedRowsHeader,
  type ParsedRowsPart,
} from './parsed-rows';
export { ParsedColumnsWriter, readColumn, type StoredColumn } from './parsed-columns';
