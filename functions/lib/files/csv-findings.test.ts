import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareTables } from '../../../shared/compare';
import { generatePair, type GeneratedTable } from '../../../test/fixtures/generator/generate';
import { csvLine } from '../../../test/fixtures/generator/write-files';
import { parseFile } from './parse';
import { asStream } from '../../../test/support/spreadsheet-fixtures';

/**
 * A generated benchmark pair written as CSV files and taken from the bytes to the engine's
 * findings, as a comparison of two uploads does. The hash was taken with csv-parse as the reader
 * (before the record reader replaced it); it moves only if what is read or what is found moves.
 */
const FINDINGS_SHA256 = '1d084cf3fa7e93b56cf582c352a44073d4304abaa8e5c710b809678f4c060a38';

function csvBytes(table: GeneratedTable, { title, lineEnd }: { title: boolean; lineEnd: '\r\n' | '\n' }): Buffer {
  // A title block above the header, as report exports have, and a file's own line ends.
  let text = title ? 'Enrollment export\r\nRun date: 01/02/2025\r\n\r\n' : '';
  text += csvLine(table.columns);
  for (const row of table.rows) text += csvLine(row);
  return Buffer.from(lineEnd === '\n' ? text.replace(/\r\n/g, '\n') : text, 'utf8');
}

describe('findings of a generated pair read from CSV', () => {
  it('are the same as before the record reader replaced csv-parse', async () => {
    const pair = generatePair({ rows: 5000, seed: 'csv-findings' });
    // Quoted cells and line breaks inside them, in both files, so the reader's slow path is crossed too.
    pair.baseline.rows[7]![pair.baseline.columns.indexOf('Address 1')] = '12 "Old" Mill Rd, Unit 4';
    pair.secondary.rows[11]![pair.secondary.columns.indexOf('Street Address')] = '9 Elm St\nApt 2';
    const baseline = await parseFile(asStream(csvBytes(pair.baseline, { title: true, lineEnd: '\r\n' }), 65_536), 'baseline.csv');
    const secondary = await parseFile(asStream(csvBytes(pair.secondary, { title: false, lineEnd: '\n' }), 65_536), 'carrier.csv');
    expect(baseline.header_row_index).toBe(3);

    const result = await compareTables({ columns: baseline.columns, rows: baseline.rows }, { columns: secondary.columns, rows: secondary.rows }, pair.config);

    expect(result.summary.discrepancies).toBeGreaterThan(0);
    const hash = createHash('sha256').update(JSON.stringify(result)).digest('hex');
    expect(hash).toBe(FINDINGS_SHA256);
  }, 60_000);
});
