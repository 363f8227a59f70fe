import { describe, expect, it } from 'vitest';
import { resolveExportColumns } from './export-columns';
import { identifierColumn, memberColumnsOf, memberValue, missingMemberRows } from './export-member-columns';

const baseline = ['SSN', 'First Name', 'Premium'];
const carrier = ['Member ID', 'FNAME', 'Carrier Premium', 'Group'];
const dataPoints = [
  { baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
  { baseline_column_name: 'Premium', secondary_column_name: 'Carrier Premium' },
];
const plan = resolveExportColumns(
  [
    { file_type: 'SECONDARY', secondary_column_name: 'Group', index: 0 },
    { file_type: 'BASELINE', baseline_column_name: 'Premium', index: 1, renamed_column_name: 'Cost' },
    { file_type: 'BASELINE', baseline_column_name: 'First Name', index: 2 },
  ],
  baseline,
  carrier,
  { dataPoints },
).columns;
const columns = memberColumnsOf(plan, baseline, carrier, dataPoints);
const baselineRow = ['123456789', 'Ann', '10.00'];
const carrierRow = ['123456789', 'ANN', '12.00', 'G1'];

describe('member columns of a compare-only export', () => {
  it('keeps the plan order and headers, and takes each value from its own file', () => {
    expect(columns.map((c) => c.header)).toEqual(['Group', 'Cost', 'First Name']);
    expect(columns.map((c) => memberValue(c, { baseline: baselineRow, secondary: carrierRow }).value)).toEqual(['G1', '10.00', 'Ann']);
  });

  it('fills a baseline column of a carrier-only row through the data point pairing it, and leaves unpaired ones empty', () => {
    expect(columns.map((c) => memberValue(c, { baseline: null, secondary: carrierRow }))).toEqual([
      { value: 'G1', from: 'SECONDARY' },
      { value: '12.00', from: 'SECONDARY' },
      { value: null, from: null },
    ]);
  });

  it('reads a duplicate from its repeated row on its side', () => {
    expect(missingMemberRows({ kind: 'DUPLICATE', side: 'SECONDARY', secondary_row_index: 3, duplicate_identifier_row_index: 7 } as never)).toEqual({ baseline: null, secondary: 7 });
    expect(missingMemberRows({ kind: 'MISSING_IN_SECONDARY', baseline_row_index: 4 } as never)).toEqual({ baseline: 4, secondary: null });
  });

  it('keeps the Unique Identifier column while the plan lacks the identifier, formatted by the rule chosen for it', () => {
    expect(identifierColumn(columns, dataPoints).keep).toBe(true);
    expect(identifierColumn(columns, dataPoints).format('123-45-6789')).toBe('123-45-6789');

    const withSsn = memberColumnsOf(
      resolveExportColumns([{ file_type: 'BASELINE', baseline_column_name: 'SSN', index: 0, formatting_rule: 'SSN_WITHOUT_DASHES' }], baseline, carrier, { dataPoints }).columns,
      baseline,
      carrier,
      dataPoints,
    );
    const id = identifierColumn(withSsn, dataPoints);
    expect(id.keep).toBe(false);
    expect(id.format('123-45-6789')).toBe('123456789');
  });

  it('formats each part of a composite identifier by its own data point', () => {
    const points = [dataPoints[0]!, { baseline_column_name: 'Premium', secondary_column_name: 'Carrier Premium', is_unique_identifier: true }];
    const ssnOnly = memberColumnsOf(
      resolveExportColumns([{ file_type: 'SECONDARY', secondary_column_name: 'Member ID', index: 0, formatting_rule: 'SSN_WITH_DASHES' }], baseline, carrier, { dataPoints: points }).columns,
      baseline,
      carrier,
      points,
    );
    const id = identifierColumn(ssnOnly, points);
    expect(id.keep).toBe(true);
    expect(id.format('123456789|123456789')).toBe('123-45-6789|123456789');
  });
});
