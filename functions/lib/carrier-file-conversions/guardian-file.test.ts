import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GuardianFileError } from '../../../shared/carrier-files/guardian-row-based';
import { guardianCsv, guardianFixture, guardianXlsx, toCsv } from '../../../test/fixtures/generator/guardian-row-based';
import { FileParseError, parseFile } from '../files';
import { convertGuardianFile, originalRows } from './guardian-file';

/** Converts into memory and reads the workbook back with the comparison's own reader. */
async function convertedTable(bytes: Buffer, name: string) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const summary = await convertGuardianFile(bytes, name, out);
  await new Promise((resolve) => (out.writableFinished ? resolve(null) : out.on('finish', resolve)));
  const parsed = await parseFile(Buffer.concat(chunks), 'converted.xlsx');
  const rows: string[][] = [];
  for await (const row of parsed.rows) rows.push(row);
  return { summary, columns: parsed.columns, rows };
}

describe('converting a Guardian row-based file', () => {
  const fixture = guardianFixture({ families: 50, seed: 'guardian-file', footer: true, orphanCoverage: true });

  it.each([
    ['xlsx', 'eligibility.xlsx'],
    ['csv', 'eligibility.csv'],
  ])('reads the %s export below its title rows and writes the expected workbook cell for cell', async (kind, name) => {
    const bytes = kind === 'xlsx' ? await guardianXlsx(fixture) : guardianCsv(fixture);
    const { summary, columns, rows } = await convertedTable(bytes, name);
    expect(summary.header_row).toBe(fixture.headerRow);
    expect(summary.counts).toMatchObject(fixture.counts);
    expect(summary.unplaced).toEqual(fixture.unplaced);
    expect(columns).toEqual(fixture.expected.columns);
    expect(rows.length).toBe(fixture.expected.rows.length);
    rows.forEach((row, i) => expect(row, `row ${i + 2}`).toEqual(fixture.expected.rows[i]));
  });

  it('previews the original rows under its own header', async () => {
    const preview = await originalRows(guardianCsv(fixture), 'eligibility.csv', 3);
    expect(preview.columns).toEqual(fixture.fileRows[fixture.headerRow - 1]);
    expect(preview.rows).toEqual(fixture.fileRows.slice(fixture.headerRow, fixture.headerRow + 3));
  });

  it('refuses a table that is not a Guardian export, naming what is missing and what was found', async () => {
    const census = toCsv([
      ['Employee SSN', 'First Name', 'Last Name', 'Plan Name'],
      ['123456789', 'Ann', 'Lee', 'PPO'],
    ]);
    const error = await convertedTable(census, 'census.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardianFileError);
    expect((error as Error).message).toMatch(/no column for Relationship .*, Product .*Columns found: "Employee SSN", "First Name", "Last Name", "Plan Name"/);
  });

  it('refuses an empty file as the comparison files do', async () => {
    await expect(convertedTable(Buffer.alloc(0), 'empty.csv')).rejects.toBeInstanceOf(FileParseError);
  });
});
