/** Excel exports of a comparison. See docs/merge-export.md. */
export { writeDiscrepanciesWorkbook } from './discrepancies-workbook';
export type { ExportComparison, ExportMembers } from './discrepancies-workbook';
export { writeMergedWorkbook } from './merged-workbook';
export { openWorkbookWriter, writeWorkbook } from './xlsx-writer';
export { openStreamingWorkbook } from './workbook';
export { writeCorrectionWorkbook } from './correction-workbook';
export { write834Interchange } from './x12-834-file';
