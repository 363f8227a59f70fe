import { describe, expect, it } from 'vitest';
import { planCorrections, type CorrectionDataPoint } from './correction-file';
import type { DataPointDiscrepancy, MissingDiscrepancy } from './resolution';

const CARRIER = ['Member ID', 'FNAME', 'LNAME', 'Coverage', 'Birth Date', 'Term Date'];
const BASELINE = ['SSN', 'First Name', 'Last Name', 'Coverage Tier', 'DOB', 'Term Date'];
const POINTS: CorrectionDataPoint[] = [
  { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'Member ID' },
  { id: 'first', baseline_column_name: 'First Name', secondary_column_name: 'FNAME' },
  { id: 'last', baseline_column_name: 'Last Name', secondary_column_name: 'LNAME' },
  {
    id: 'tier',
    baseline_column_name: 'Coverage Tier',
    secondary_column_name: 'Coverage',
    data_mapping: { fields: [{ source: 'EE', target: 'Employee Only' }, { source: 'FAM', target: 'Family' }] },
  },
  { id: 'dob', baseline_column_name: 'DOB', secondary_column_name: 'Birth Date', date_format: { baseline: 'MM/dd/yyyy', secondary: 'yyyyMMdd' } },
  { id: 'term', baseline_column_name: 'Term Date', secondary_column_name: 'Term Date', date_format: { baseline: 'MM/dd/yyyy', secondary: 'yyyyMMdd' } },
];
const CARRIER_ROWS = [
  ['111223333', 'JOHN', 'DOE', 'EE', '19800130', ''],
  ['222334444', 'ANN', 'LEE', 'FAM', '19750505', ''],
  ['333445555', 'BOB', 'RAY', 'EE', '19900101', ''],
  ['444556666', 'SUE', 'KIM', 'EE', '19910101', ''],
];
const BASELINE_ROWS = [
  ['111-22-3333', 'John', 'Doe', 'Family', '01/31/1980', ''],
  ['555-66-7777', 'Eve', 'Fox', 'Employee Only', '07/04/1985', ''],
];

const discrepancy = (over: Partial<DataPointDiscrepancy>): DataPointDiscrepancy => ({ id: 'd', data_point_id: 'tier', baseline_row_index: 0, secondary_row_index: 0, ...over });
const missing = (over: Partial<MissingDiscrepancy>): MissingDiscrepancy => ({ id: 'm', ...over });

function plan(discrepancies: DataPointDiscrepancy[], rows: MissingDiscrepancy[]) {
  return planCorrections({
    carrierColumns: CARRIER,
    baselineColumns: BASELINE,
    dataPoints: POINTS,
    discrepancies,
    missing: rows,
    carrierRow: (i) => CARRIER_ROWS[i],
    baselineRow: (i) => BASELINE_ROWS[i],
    today: new Date('2026-03-15T12:00:00Z'),
  });
}

describe('the correction file for the carrier', () => {
  it("changes a carrier row to the confirmed values in the carrier's words and date format, one line per row", () => {
    const lines = plan(
      [
        discrepancy({ baseline_value: 'Family', secondary_value: 'EE', resolved_discrepancy_type: 'COVERAGE_TIER', resolved_notes: 'elected family at OE' }),
        discrepancy({ data_point_id: 'dob', baseline_value: '01/31/1980', secondary_value: '19800130', resolved_discrepancy_type: 'DOB_MISMATCH' }),
      ],
      [],
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'CHANGE', cells: ['111223333', 'JOHN', 'DOE', 'FAM', '19800131', ''], changed: [3, 4], carrierRow: 0 });
    expect(lines[0]!.changes).toEqual(['Coverage: EE → FAM', 'Birth Date: 19800130 → 19800131']);
    expect(lines[0]!.reason).toBe('Coverage: Coverage Tier: elected family at OE; Birth Date: DOB Mismatch');
  });

  it('leaves out findings that do not say the carrier is wrong: other types, ignored rows, a chosen carrier value', () => {
    const lines = plan(
      [
        discrepancy({ baseline_value: 'Family', secondary_value: 'EE', resolved_discrepancy_type: 'TIMING_ISSUE' }),
        discrepancy({ baseline_value: 'Family', secondary_value: 'EE', resolved_discrepancy_type: 'COVERAGE_TIER', resolved_ignore: true }),
        discrepancy({ baseline_value: 'Family', secondary_value: 'EE', resolved_discrepancy_type: 'COVERAGE_TIER', resolved_value: 'Employee Only' }),
        discrepancy({ baseline_value: 'Family', secondary_value: 'EE' }),
      ],
      [
        missing({ kind: 'MISSING_IN_SECONDARY', baseline_row_index: 1, resolved_inclusion: false, resolved_discrepancy_type: 'TERM' }),
        missing({ kind: 'MISSING_IN_BASELINE', secondary_row_index: 2, resolved_inclusion: true }),
        missing({ kind: 'MISSING_IN_BASELINE', secondary_row_index: 3, resolved_inclusion: false, resolved_discrepancy_type: 'COBRA' }),
        missing({ kind: 'MISSING_IN_SECONDARY', baseline_row_index: 1 }),
      ],
    );
    expect(lines).toEqual([]);
  });

  it('adds an enrolled member the carrier lacks and terminates a billed member who is not enrolled', () => {
    const lines = plan(
      [],
      [
        missing({ kind: 'MISSING_IN_SECONDARY', baseline_row_index: 1, resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT' }),
        missing({ kind: 'MISSING_IN_BASELINE', secondary_row_index: 2, resolved_inclusion: false, resolved_notes: 'left in 2025' }),
      ],
    );
    expect(lines.map((l) => [l.action, l.cells, l.reason])).toEqual([
      ['ADD', ['555-66-7777', 'Eve', 'Fox', 'EE', '19850704', ''], 'Enrolled, not at the carrier: Missing Enrollment'],
      // No date decided: the end of the month before the comparison's findings were turned into the file.
      ['TERMINATE', ['333445555', 'BOB', 'RAY', 'EE', '19900101', '20260228'], 'At the carrier, not enrolled: left in 2025'],
    ]);
    expect(lines[1]!.term).toBe('20260228');
  });

  it('a confirmed term date terminates the line with that date', () => {
    const lines = plan([discrepancy({ data_point_id: 'term', baseline_value: '12/31/2025', secondary_value: '', resolved_discrepancy_type: 'TERM', secondary_row_index: 1, baseline_row_index: 0 })], []);
    expect(lines.map((l) => [l.action, l.cells[5], l.term, l.changes])).toEqual([['TERMINATE', '20251231', '20251231', ['Term Date: (empty) → 20251231']]]);
  });
});
