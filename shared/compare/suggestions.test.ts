import { describe, expect, it } from 'vitest';
import { checkIdentifierUniqueness } from './identifier-uniqueness';
import { suggestCompositeIdentifier, suggestDataPoints } from './suggest-data-points';

describe('suggestDataPoints', () => {
  it('never pairs a column that no row fills on either side', () => {
    const baseline = ['SSN', 'Last Name', 'Address 2', 'City', 'State', 'Zip'];
    const carrier = ['Member SSN', 'Member Name', 'Last Name', 'Address 2', 'City', 'State', 'Zip'];
    const pairs = (filled?: { baseline: number[] | null; secondary: number[] | null }) =>
      suggestDataPoints(baseline, carrier, filled).map((s) => `${s.baseline_column_name} = ${s.secondary_column_name}`);

    // An 834 without cities: the carrier's Address 2, City and State are empty; the baseline's Zip is.
    expect(pairs({ baseline: [40, 40, 3, 40, 40, 0], secondary: [40, 40, 0, 0, 0, 0, 40] })).toEqual(['SSN = Member SSN', 'Last Name = Member Name']);
    expect(pairs({ baseline: null, secondary: null })).toEqual(pairs());
    expect(pairs()).toEqual(['SSN = Member SSN', 'Last Name = Last Name', 'Address 2 = Address 2', 'City = City', 'State = State', 'Zip = Zip']);
  });

  it('pairs columns by exact name, known synonym and similar name, each once', () => {
    const suggestions = suggestDataPoints(
      ['SSN', 'First Name', 'DOB', 'Term Date', 'Monthly Premium', 'Employee Cost', 'Department Code'],
      ['Member ID', 'FNAME', 'Birth Date', 'Term Date', 'Premium', 'Dept Code'],
    );

    expect(suggestions.map((s) => [s.baseline_column_name, s.secondary_column_name, s.reason])).toEqual([
      ['SSN', 'Member ID', 'known synonym'],
      ['First Name', 'FNAME', 'known synonym'],
      ['DOB', 'Birth Date', 'known synonym'],
      ['Term Date', 'Term Date', 'exact name'],
      ['Monthly Premium', 'Premium', 'known synonym'],
      ['Department Code', 'Dept Code', 'similar name'],
    ]);
    expect(suggestions[0]!.suggested_unique_identifier).toBe(true);
    expect(suggestions[3]!.confidence).toBe(1);
    expect(suggestions[5]!.confidence).toBeLessThan(suggestions[0]!.confidence);
  });

  it('pairs a carrier export written in abbreviations with the baseline', () => {
    const baseline = ['Employee SSN', 'SSN', 'First Name', 'Last Name', 'Date of Hire', 'Address 1', 'Address 2', 'Benefit Type', 'Effective Date', 'Employee Cost', 'Benefit Amount'];
    const carrier = ['Mbr SSN', 'Sub SSN', 'Mbr First Nm', 'Mbr Last Nm', 'Hire Dt', 'Addr Line 1', 'Addr Line 2', 'Ins Line', 'Cov Eff Dt', 'EE Contrib', 'Coverage Amt'];
    const pairs = Object.fromEntries(suggestDataPoints(baseline, carrier).map((s) => [s.baseline_column_name, s.secondary_column_name]));

    expect(pairs).toEqual({
      'Employee SSN': 'Sub SSN',
      SSN: 'Mbr SSN',
      'First Name': 'Mbr First Nm',
      'Last Name': 'Mbr Last Nm',
      'Date of Hire': 'Hire Dt',
      'Address 1': 'Addr Line 1',
      'Address 2': 'Addr Line 2',
      'Benefit Type': 'Ins Line',
      'Effective Date': 'Cov Eff Dt',
      'Employee Cost': 'EE Contrib',
      'Benefit Amount': 'Coverage Amt',
    });
  });
});

describe('suggestCompositeIdentifier', () => {
  const baselineColumns = ['SSN', 'First Name', 'Benefit Type', 'Plan Name'];
  const carrierColumns = ['Member ID', 'FNAME', 'Line of Coverage', 'Product'];
  const identifiers = (rows: string[][]) =>
    suggestCompositeIdentifier(suggestDataPoints(baselineColumns, carrierColumns), {
      baseline: { columns: baselineColumns, rows },
      secondary: { columns: carrierColumns, rows: [] },
    })
      .filter((s) => s.suggested_unique_identifier)
      .map((s) => s.baseline_column_name);

  it('adds the benefit type when the member SSN repeats across benefit lines (written with and without dashes)', () => {
    expect(
      identifiers([
        ['012-34-5678', 'Ann', 'MEDICAL', 'HMO 20'],
        ['12345678', 'Ann', 'DENTAL', 'DPPO'],
        ['111-11-1111', 'Bob', 'MEDICAL', 'HMO 20'],
      ]),
    ).toEqual(['SSN', 'Benefit Type']);
  });

  it('keeps the SSN alone when it does not repeat, or when the benefit type does not tell the rows apart', () => {
    expect(identifiers([['012-34-5678', 'Ann', 'MEDICAL', 'HMO 20'], ['111-11-1111', 'Bob', 'MEDICAL', 'HMO 20']])).toEqual(['SSN']);
    expect(identifiers([['012-34-5678', 'Ann', 'MEDICAL', 'HMO 20'], ['012345678', 'Ann', 'medical ', 'HMO 20']])).toEqual(['SSN']);
  });
});

describe('checkIdentifierUniqueness', () => {
  it('lists identifier values that repeat on each side, normalised and mapped', () => {
    const result = checkIdentifierUniqueness(
      {
        baseline: { columns: ['SSN', 'Benefit Type'], rows: [['012-34-5678', 'MEDICAL'], ['12345678', 'medical'], ['111111111', 'DENTAL'], ['', 'DENTAL']] },
        secondary: { columns: ['Member ID', 'LOC'], rows: [['012345678', 'MED'], ['012345678', 'DEN']] },
      },
      {
        data_points: [
          { id: 's', baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
          { id: 'b', baseline_column_name: 'Benefit Type', secondary_column_name: 'LOC', is_unique_identifier: true, data_mapping: { fields: [{ source: 'MED', target: 'MEDICAL' }] } },
          { id: 'x', baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: false },
        ],
      },
    );

    expect(result.baseline).toEqual({ unique: false, repeated: [{ unique_identifier: '012345678|MEDICAL', row_indexes: [0, 1] }], blank_row_indexes: [3] });
    expect(result.secondary).toEqual({ unique: true, repeated: [], blank_row_indexes: [] });
  });
});
