import { describe, expect, it } from 'vitest';
import { compareTablesSync } from './compare-tables';
import { suggestDataPoints } from './suggest-data-points';

describe("a full name against a last name ('SMITH, JOHN A' with 'Smith')", () => {
  it('is suggested as a pair when nothing else takes the two columns', () => {
    const pairs = suggestDataPoints(['SSN', 'First Name', 'Last Name', 'Monthly Premium'], ['SSN', 'Member Name', 'Premium']).map((s) => `${s.baseline_column_name}↔${s.secondary_column_name}`);
    expect(pairs).toContain('Last Name↔Member Name');
  });

  it('compares the last name part only, whichever way the name is written', () => {
    const result = compareTablesSync(
      { columns: ['SSN', 'Last Name'], rows: [['111-11-1111', 'Smith'], ['222-22-2222', "O'Brien"], ['333-33-3333', 'Nguyen']] },
      { columns: ['SSN', 'Member Name'], rows: [['111111111', 'SMITH, JOHN A'], ['222222222', 'Pat OBrien'], ['333333333', 'NGUUYEN, AN']] },
      { data_points: [{ id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true }, { id: 'name', baseline_column_name: 'Last Name', secondary_column_name: 'Member Name', is_unique_identifier: false }] },
    );
    expect(result.discrepancies.map((d) => d.secondary_value)).toEqual(['NGUUYEN, AN']);
  });
});
