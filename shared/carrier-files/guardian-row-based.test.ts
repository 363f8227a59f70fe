import { describe, expect, it } from 'vitest';
import { guardianFixture, type GuardianFixtureOptions } from '../../test/fixtures/generator/guardian-row-based';
import {
  GUARDIAN_CONVERTED_COLUMNS,
  GuardianFileError,
  GuardianRowBasedTable,
  guardianAmount,
  guardianDate,
  headerKey,
  readGuardianHeader,
} from './guardian-row-based';

/** Runs the file rows below the fixture's header through the conversion, as the reader hands them over. */
function convert(options: GuardianFixtureOptions) {
  const fixture = guardianFixture(options);
  const table = new GuardianRowBasedTable(fixture.fileRows[fixture.headerRow - 1]!);
  const rows: string[][] = [];
  fixture.fileRows.slice(fixture.headerRow).forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    rows.push(...table.add(cells, fixture.headerRow + i + 1));
  });
  rows.push(...table.finish());
  return { fixture, table, rows };
}

const col = (name: (typeof GUARDIAN_CONVERTED_COLUMNS)[number]) => GUARDIAN_CONVERTED_COLUMNS.indexOf(name);

describe('Guardian row-based conversion', () => {
  it('writes the expected table cell for cell: identity on every row, dependents linked, codes as words', () => {
    const { fixture, table, rows } = convert({ families: 60, seed: 'guardian-unit', footer: true, orphanCoverage: true });
    expect(rows.length).toBe(fixture.expected.rows.length);
    rows.forEach((row, i) => expect(row, `converted row ${i + 1}`).toEqual(fixture.expected.rows[i]));
    expect(table.counts).toMatchObject(fixture.counts);
    expect(table.unplaced).toEqual(fixture.unplaced);
    expect(fixture.counts.dependents).toBeGreaterThan(10);
    expect(rows.some((r) => r[col('Coverage Status')] === 'Terminated')).toBe(true);
    expect(rows.some((r) => r[col('Benefit Type')] === '')).toBe(true);
  });

  it.each(['upper_snake', 'lower'] as const)('reads %s headers and a repeated employee id alike', (headerStyle) => {
    const plain = convert({ families: 25, seed: 'styles' });
    const styled = convert({ families: 25, seed: 'styles', headerStyle, repeatEmployeeId: true, titleRows: false });
    expect(styled.rows).toEqual(plain.rows);
    expect(styled.table.counts.members).toBe(plain.fixture.counts.members);
  });

  it('continues a member whose identity the export repeats on every row', () => {
    const header = ['Employee ID', 'Relationship', 'Last Name', 'First Name', 'Product', 'Premium'];
    const table = new GuardianRowBasedTable(header);
    const rows = [
      ['123456789', 'E', 'DOE', 'JANE', 'DEN', '10'],
      ['123456789', 'E', 'DOE', 'JANE', 'VIS', '5'],
      ['', 'S', 'DOE', 'JOHN', 'DEN', '0'],
      ['', 'S', 'DOE', 'JOHN', 'VIS', '0'],
    ].flatMap((r, i) => table.add(r, i + 2));
    expect(rows).toHaveLength(4);
    expect(table.counts).toMatchObject({ members: 2, employees: 1, dependents: 1, coverage_lines: 4 });
    expect(rows[3]![col('Employee ID')]).toBe('123456789');
    expect(rows[3]![col('Relationship')]).toBe('Spouse');
  });

  it('refuses a header without a member id, relationship or product, naming what is missing', () => {
    expect(() => new GuardianRowBasedTable(['Name', 'Plan', 'Premium'])).toThrow(GuardianFileError);
    expect(() => new GuardianRowBasedTable(['Name', 'Plan', 'Premium'])).toThrow(/no column for Employee ID .*Relationship .*Product/);
    expect(readGuardianHeader(['SSN', 'Rel Code', 'Coverage']).missing).toEqual([]);
  });

  it('refuses employees without a member id, naming their rows', () => {
    const table = new GuardianRowBasedTable(['Employee ID', 'Relationship', 'Last Name', 'Product']);
    table.add(['', 'E', 'DOE', 'DEN'], 7);
    table.add(['', 'S', 'DOE', 'DEN'], 8);
    table.add(['', 'E', 'ROE', 'DEN'], 9);
    expect(() => table.finish()).toThrow(/^Rows 7, 9 name employees without a member id/);
  });

  it('normalises header spellings, dates and amounts', () => {
    expect(headerKey('  EMPLOYEE_ID ')).toBe('employee id');
    expect(headerKey('Relationship-Code')).toBe('relationship code');
    expect(guardianDate('20250101')).toBe('01/01/2025');
    expect(guardianDate('2025-1-5')).toBe('01/05/2025');
    expect(guardianDate('1/5/2025')).toBe('01/05/2025');
    expect(guardianDate('Jan 5')).toBe('Jan 5');
    expect(guardianAmount('$1,250.00')).toBe('1250.00');
    expect(guardianAmount('n/a')).toBe('n/a');
  });
});
