import { describe, it, expect } from 'vitest';
import {
  PlanDocumentCategory,
  isDateColumn,
  isNameLikeColumn,
  mappingSetHasNameColumns,
  recogniseColumn,
} from './columns';

describe('column-name recognition (SPEC §3)', () => {
  const cases: Record<string, string[]> = {
    SSN: ['ssn', 'Social Security Number', 'EE ID', 'Member ID'],
    FIRST_NAME: ['First Name', 'FIRSTNAME', 'first_name', 'fname'],
    LAST_NAME: ['Last Name', 'lastname', 'LAST_NAME', 'LName'],
    FULL_NAME: ['Full Name', 'Display Name', 'Name', 'NAME'],
    DOB: ['DOB', 'Date of Birth', 'birth date'],
    DOH: ['DOH', 'Date of Hire', 'Hire Date'],
    TERMINATION_DATE: ['DOT', 'Term Date', 'Termination Date'],
    ZIP: ['Zip', 'Zip Code'],
    ADDRESS: ['Address', 'Address 1', 'Address Line 1', 'Street Address'],
    ADDRESS_2: ['Address 2', 'Address Line 2'],
  };
  for (const [kind, names] of Object.entries(cases)) {
    it(`recognises ${names.map((n) => `'${n}'`).join(', ')} as ${kind}`, () => {
      for (const n of names) expect([n, recogniseColumn(n)]).toEqual([n, kind]);
    });
  }

  it('ignores surrounding and repeated spaces', () => {
    expect(recogniseColumn('  first   name ')).toBe('FIRST_NAME');
    expect(recogniseColumn('\tSSN\n')).toBe('SSN');
  });

  it("takes 'name' as a full name only on an exact match", () => {
    expect(recogniseColumn('name')).toBe('FULL_NAME');
    expect(recogniseColumn('Company Name')).toBeNull();
    expect(recogniseColumn('Plan Name')).toBeNull();
    expect(recogniseColumn('Names')).toBeNull();
  });

  it('finds an alias inside a longer header as whole words', () => {
    expect(recogniseColumn('Employee SSN')).toBe('SSN');
    expect(recogniseColumn('Member First Name')).toBe('FIRST_NAME');
    expect(recogniseColumn('Dotted Line')).toBeNull();
  });

  it('does not take an e-mail address for a postal address', () => {
    expect(recogniseColumn('Email Address')).toBeNull();
    expect(recogniseColumn('E-mail Address')).toBeNull();
  });

  it('recognises nothing in an unrelated or empty header', () => {
    expect(recogniseColumn('Coverage Tier')).toBeNull();
    expect(recogniseColumn('')).toBeNull();
    expect(recogniseColumn(null)).toBeNull();
  });
});

describe('name-like columns and mapping sets (SPEC §5)', () => {
  it('treats first, last and full name columns as name-like', () => {
    expect(isNameLikeColumn('First Name')).toBe(true);
    expect(isNameLikeColumn('lname')).toBe(true);
    expect(isNameLikeColumn('Name')).toBe(true);
    expect(isNameLikeColumn('Company Name')).toBe(false);
    expect(isNameLikeColumn('SSN')).toBe(false);
  });

  it('accepts a mapping set only if both baseline and secondary columns include a name-like column', () => {
    expect(mappingSetHasNameColumns(['SSN', 'First Name'], ['Member ID', 'Full Name'])).toBe(true);
    expect(mappingSetHasNameColumns(['SSN', 'First Name'], ['Member ID', 'Company Name'])).toBe(false);
    expect(mappingSetHasNameColumns([], ['Name'])).toBe(false);
  });
});

describe('date columns (SPEC §5)', () => {
  it('detects columns named with date, birth, hire or termination terms', () => {
    for (const n of ['DOB', 'Date of Hire', 'Birth Date', 'Term Date', 'Termination Date', 'Effective Date', 'BirthDay', 'Rehire', 'DOH', 'DOT']) {
      expect([n, isDateColumn(n)]).toEqual([n, true]);
    }
  });

  it('leaves other columns alone', () => {
    for (const n of ['SSN', 'First Name', 'Coverage Tier', 'Premium', 'Doberman', '']) {
      expect([n, isDateColumn(n)]).toEqual([n, false]);
    }
  });
});

describe('plan-document categories (SPEC §3)', () => {
  it('lists Plan, Task Note, Plan Rates, General Plan Documents, Plan Eligibility', () => {
    expect(PlanDocumentCategory.options.map((o) => o.label)).toEqual([
      'Plan',
      'Task Note',
      'Plan Rates',
      'General Plan Documents',
      'Plan Eligibility',
    ]);
  });
});
