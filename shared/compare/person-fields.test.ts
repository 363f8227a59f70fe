import { describe, expect, it } from 'vitest';
import { matchesByPerson, missingPersonFields, personFieldsProblem } from './person-fields';

const pair = (baseline: string, secondary: string) => ({ baseline_column_name: baseline, secondary_column_name: secondary });

describe('the person fields a comparison matching by person needs', () => {
  it('asks for nothing more when the date of birth and both names are chosen, identifier or not', () => {
    expect(missingPersonFields([pair('DOB', 'Birth Date'), pair('Last Name', 'LNAME'), pair('First Name', 'FNAME')])).toEqual([]);
    expect(missingPersonFields([pair('Date of Birth', 'DOB'), pair('Member Name', 'Insured Name')])).toEqual([]);
  });

  it('names what is missing, in a message that says what matching by person needs', () => {
    const points = [pair('SSN', 'Member ID'), pair('Last Name', 'LNAME'), pair('Zip', 'Zip Code')];
    expect(missingPersonFields(points)).toEqual(['date of birth', 'first name']);
    expect(personFieldsProblem(points)).toMatch(/^Matching by person needs the date of birth, the last name and the first name .* Missing: date of birth, first name\.$/);
    expect(personFieldsProblem([pair('DOB', 'Birth Date'), pair('Last Name', 'LNAME'), pair('First Name', 'FNAME')])).toBeNull();
  });

  it('applies to audits matching by person, never to an invoice reconciliation', () => {
    expect(matchesByPerson({ match_by: 'PERSON', audit_type: 'ENROLLMENT_AUDIT' })).toBe(true);
    expect(matchesByPerson({ match_by: 'PERSON', audit_type: 'INVOICE_RECONCILIATION' })).toBe(false);
    expect(matchesByPerson({ match_by: null })).toBe(false);
  });
});
