/**
 * The correction file as a workbook in the carrier's layout: the carrier file's own columns, one
 * row per member and line to add, change or terminate, then what to do, what changes and why. The
 * cells a line sets are highlighted, and the Action and Changes cells say the same in words.
 */
import { CORRECTION_ACTION_LABELS, type CorrectionLine } from '../../../shared/correction-file';
import { HEADER_FILL, HIGHLIGHT_FILL } from './workbook';
import { writeWorkbook } from './xlsx-writer';

export const CORRECTION_COLUMNS = ['Action', 'Changes', 'Reason'] as const;

export function writeCorrectionWorkbook(input: { carrierColumns: readonly string[]; lines: readonly CorrectionLine[] }): Promise<Buffer> {
  return writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet('Corrections', { views: [{ state: 'frozen', ySplit: 1 }] });
    const headers = [...input.carrierColumns, ...CORRECTION_COLUMNS];
    const head = sheet.addRow(headers);
    head.eachCell((cell) => {
      cell.font = { bold: true };
      cell.fill = HEADER_FILL;
    });
    headers.forEach((h, i) => {
      sheet.getColumn(i + 1).width = i >= input.carrierColumns.length ? 40 : Math.min(30, Math.max(10, h.length + 4));
    });
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
    for (const line of input.lines) {
      const row = sheet.addRow([...line.cells, CORRECTION_ACTION_LABELS[line.action], line.changes.join('\n'), line.reason]);
      for (const at of line.changed) row.getCell(at + 1).fill = HIGHLIGHT_FILL;
      row.getCell(input.carrierColumns.length + 2).alignment = { wrapText: true, vertical: 'top' };
    }
  });
}
