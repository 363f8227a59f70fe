/**
 * The engine reads dates with shared/dates.ts (DATE_FORMATS, dateParser, detectDateFormat,
 * formatDay); this module only re-exports them for importers of this path. `DateFormat` here is a
 * column's format (shared/dates.ts `ColumnDateFormat`: SPEC §5's plus EXCEL_SERIAL and ISO).
 */
export { formatDay } from '../dates';
export type { ColumnDateFormat as DateFormat } from '../dates';
