import { describe, expect, it } from 'vitest';
import { columnNames, findHeader, type RawRow } from './header';

const rows = (...cells: string[][]): RawRow[] => cells.map((c, index) => ({ index, cells: c }));

describe('header row detection', () => {
  it('takes the first row when the table starts at the top', () => {
    expect(findHeader(rows(['SSN', 'Name'], ['1', 'Ann']), 25, true)).toEqual({ kind: 'table', position: 0 });
  });

  it('passes over titles, including two-cell ones, above a wider header', () => {
    const sample = rows(
      ['Acme Corp Enrollment Report'],
      ['Client:', 'Acme'],
      ['Run date:', '01/02/2024'],
      ['SSN', 'First', 'Last', 'DOB', 'Plan', 'Tier'],
      ['1', 'Ann', 'Lee', '01/05/1980', 'PPO', 'EE'],
    );

    expect(findHeader(sample, 25, true)).toEqual({ kind: 'table', position: 3 });
  });

  it('accepts data rows that leave optional columns blank', () => {
    const header = ['SSN', 'First', 'Last', 'DOB', 'Plan', 'Tier', 'Dep SSN', 'Dep Name', 'Dep DOB', 'Notes'];
    const sample = rows(header, ['1', 'Ann', 'Lee', '01/05/1980', '', '', '', '', '', '']);

    expect(findHeader(sample, 25, true)).toEqual({ kind: 'table', position: 0 });
  });

  it('tells a header without data from no header at all', () => {
    expect(findHeader(rows(['SSN', 'Name']), 25, true)).toEqual({ kind: 'header-only', position: 0 });
    expect(findHeader(rows(['1', '2'], ['3', '4']), 25, true)).toEqual({ kind: 'none' });
    expect(findHeader(rows(['Only prose here.'], ['More prose.']), 25, true)).toEqual({ kind: 'none' });
  });
});

describe('column names', () => {
  it('names blanks by position, suffixes repeats case-insensitively and collapses whitespace', () => {
    expect(columnNames(['SSN', '', 'Date of\nBirth', 'ssn', 'SSN', 'Column 2'], 7)).toEqual([
      'SSN',
      'Column 2',
      'Date of Birth',
      'ssn (2)',
      'SSN (3)',
      'Column 2 (2)',
      'Column 7',
    ]);
  });
});
