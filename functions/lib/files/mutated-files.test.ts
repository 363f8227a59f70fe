import { describe, expect, it } from 'vitest';
import type { CompareDataPoint } from '../../../shared/compare';
import { GuardianFileError } from '../../../shared/carrier-files/guardian-row-based';
import { InvoiceInputError, reconcileInvoice } from '../../../shared/invoice';
import { convertToTempFile } from '../carrier-file-conversions/guardian-file';
import { FileParseError } from './errors';
import { mutate } from '../../../test/support/file-mutations';
import { emptyClaimProblem, messageProblem, readInProcess, shapeProblem } from '../../../test/support/mutation-outcome';
import { listBillEnrollment, MUTATED_FORMATS, validFiles, type MutatedFormat } from '../../../test/support/valid-data-files';

/**
 * Seeded damage to valid files of every format, read in this process as the parse job reads them
 * (writeParsedRows), the Guardian conversion converts them and a list bill is reconciled: every
 * file ends refused with a message that says what is wrong, or read into rows of exactly one cell
 * per column; nothing else is thrown. test/integration/mutated-files.test.ts sends such files
 * through the real routes. DVP_MUTATIONS_IN_PROCESS sets how many per format.
 */
const PER_FORMAT = Number(process.env.DVP_MUTATIONS_IN_PROCESS ?? 1000);
const SEED = 'in-process-mutations';

/** Mutations that found a bug, kept as they were found (seed and index replay the same bytes). */
const REGRESSIONS: Array<{ format: MutatedFormat; seed: string; index: number; found: string }> = [
  { format: 'xls', seed: 'big-xls', index: 2641, found: 'a directory sibling loop aborted the process inside SheetJS' },
  { format: 'xls', seed: 'x1-xls', index: 593, found: 'a zero-length ExternSheet record filled memory inside SheetJS' },
  { format: '834', seed: 'big-834', index: 1373, found: 'a damaged SE02 was named "undefined"' },
  { format: '834', seed: 'big-834', index: 1840, found: 'a damaged ISA13 was named "NaN"' },
  { format: 'xlsx', seed: 'explore-xlsx', index: 4, found: 'a truncated workbook part was called an empty file' },
  { format: 'xls', seed: 'explore-xls', index: 4, found: 'a zeroed sector was called an empty file' },
];

const INVOICE_DATA_POINTS = [
  { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
  { id: 'line', baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage', is_unique_identifier: true },
  { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
  { id: 'tier', baseline_column_name: 'Coverage Tier', secondary_column_name: 'Tier', is_unique_identifier: false },
] as unknown as CompareDataPoint[];

/** What is wrong with the outcome of one mutated file, or null. */
async function check(format: MutatedFormat, name: string, bytes: Buffer): Promise<string | null> {
  if (format === 'guardian') {
    try {
      const converted = await convertToTempFile(bytes, name);
      await converted.cleanup();
      return null;
    } catch (error) {
      if (error instanceof GuardianFileError || error instanceof FileParseError) return messageProblem(error.message) ?? emptyClaimProblem(bytes, error.message);
      return `threw ${(error as Error).stack}`;
    }
  }
  let reading;
  try {
    reading = await readInProcess(bytes, name);
  } catch (error) {
    return `threw ${(error as Error).stack}`;
  }
  if (!reading.ok) return messageProblem(reading.message) ?? emptyClaimProblem(bytes, reading.message);
  const shape = shapeProblem(reading.columns, reading.rows);
  if (shape || format !== 'list-bill') return shape;
  const enrollment = listBillEnrollment().enrollment;
  try {
    reconcileInvoice(enrollment, { columns: reading.columns, rows: reading.rows, preamble: reading.preamble }, INVOICE_DATA_POINTS);
    return null;
  } catch (error) {
    if (error instanceof InvoiceInputError) return messageProblem(error.message);
    return `reconciling threw ${(error as Error).stack}`;
  }
}

describe(`${PER_FORMAT} damaged files per format, read in process`, () => {
  for (const format of MUTATED_FORMATS) {
    it(`${format}: refused with a message that says what is wrong, or read into well-formed rows`, async () => {
      const files = await validFiles(format);
      const problems: string[] = [];
      for (let index = 0; index < PER_FORMAT; index += 1) {
        const file = files[index % files.length]!;
        const mutation = await mutate(file.bytes, file.container, `${SEED}-${format}`, index);
        const problem = await check(format, file.name, mutation.bytes);
        if (problem) problems.push(`#${index} ${file.name} (${mutation.kind}): ${problem}`);
      }
      expect(problems).toEqual([]);
    }, 30_000 + PER_FORMAT * 100);
  }

  it.each(REGRESSIONS)('$format $seed #$index, where $found', async ({ format, seed, index }) => {
    const files = await validFiles(format);
    const file = files[index % files.length]!;
    const mutation = await mutate(file.bytes, file.container, seed, index);
    expect(await check(format, file.name, mutation.bytes)).toBeNull();
  });
});
