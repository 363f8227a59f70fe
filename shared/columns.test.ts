import { describe, it, expect } from 'vitest';
import {
  PlanDocumentCategory,
  columnRole,
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

// Moved from shared/compare/normalisers.test.ts when the engine's column-roles.ts became this module.
describe('column roles: the engine view of the same rule', () => {
  it('knows the SPEC names and the usual carrier headers', () => {
    expect(['SSN', 'Member ID', 'Employee SSN', 'FNAME', 'last_name', 'Name', 'Birth Date', 'Rel Code', 'Sex', 'Coverage', 'Line of Coverage', 'Product', 'Volume', 'Premium'].map(columnRole)).toEqual([
      'ssn', 'ssn', 'subscriber_ssn', 'first_name', 'last_name', 'full_name', 'dob', 'relationship', 'gender', 'coverage_tier', 'benefit_type', 'plan', 'benefit_amount', 'money',
    ]);
    expect(columnRole('Company Name')).toBeNull();
  });
  it('reads the abbreviations of carrier and payroll headers, and glued numbers', () => {
    expect(['Mbr First Nm', 'MBR_LAST_NM', 'Sub SSN', 'Emp SSN', 'BIRTH_DT', 'Hire Dt', 'Addr Line 1', 'ADDRESS2', 'Street 2', 'Cov Tier', 'Ins Line', 'Coverage Amt', 'EE Contrib', 'Coverage End Date', 'Employee Social Security Number'].map(columnRole)).toEqual([
      'first_name', 'last_name', 'subscriber_ssn', 'subscriber_ssn', 'dob', 'hire_date', 'address', 'address_2', 'address_2', 'coverage_tier', 'benefit_type', 'benefit_amount', 'money', 'term_date', 'subscriber_ssn',
    ]);
    // Ambiguous abbreviations stay unread: 'St' may be a state or a street, 'Sub' a subtotal.
    expect(['St', 'Sub Total'].map(columnRole)).toEqual([null, null]);
    expect(isNameLikeColumn('Mbr First Nm')).toBe(true);
  });
  it('treats date, birth, hire and termination headers as dates', () => {
    expect(['Effective Date', 'DOB', 'Hire Date', 'Termination Reason', 'City'].map(isDateColumn)).toEqual([true, true, true, true, false]);
  });
});

describe('one recognition rule, two views', () => {
  it("keeps the subscriber's SSN apart from the member's, while SPEC §3 counts both as SSN columns", () => {
    expect([columnRole('Employee SSN'), columnRole('SSN'), columnRole('Subscriber ID')]).toEqual(['subscriber_ssn', 'ssn', 'subscriber_ssn']);
    expect([recogniseColumn('Employee SSN'), recogniseColumn('SSN'), recogniseColumn('Subscriber ID')]).toEqual(['SSN', 'SSN', 'SSN']);
  });

  it('gives no SPEC kind to the roles SPEC §3 does not list', () => {
    expect([columnRole('Plan Name'), recogniseColumn('Plan Name')]).toEqual(['plan', null]);
    expect([columnRole('Coverage Tier'), recogniseColumn('Coverage Tier')]).toEqual(['coverage_tier', null]);
  });

  it('never takes an e-mail column for a postal address, in either view', () => {
    expect([columnRole('Email Address'), columnRole('E-mail Address'), columnRole('Home Mail Address')]).toEqual([null, null, 'address']);
  });

  it("does not take 'Term Life' coverage for a termination date", () => {
    expect(['Term Life Premium', 'Term Life Volume'].map(isDateColumn)).toEqual([false, false]);
    expect(['Term', 'Term Dt', 'Term Reason'].map(isDateColumn)).toEqual([true, true, true]);
  });
});
