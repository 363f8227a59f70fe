/** Excel exports of a comparison. See docs/merge-export.md. */
export { writeDiscrepanciesWorkbook, DISCREPANCY_HEADERS, MISSING_HEADERS, MISSING_KIND_LABELS } from './discrepancies-workbook';
export type { DiscrepanciesWorkbookInput, ExportComparison, ExportDataPoint, UserNames, WorkbookCounts } from './discrepancies-workbook';
export { writeMergedWorkbook } from './merged-workbook';
export type { MergedWorkbookInput } from './merged-workbook';
export { columnKindOf, escapeFormula, ssnText, typedCell, DATE_NUM_FMT, MONEY_NUM_FMT } from './cells';
export type { ColumnKind, TypedCell } from './cells';
