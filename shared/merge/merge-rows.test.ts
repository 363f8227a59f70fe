import { describe, expect, it } from 'vitest';
import {
  ADDED_DUPLICATE_STATUS,
  ADDED_FROM_CARRIER_STATUS,
  buildMergedRows,
  mergeFromResolution,
  mergedColumns,
  mergedRowsAsRows,
  type BuildMergedRowsInput,
  type MergedRow,
} from './index';

const baselineColumns = ['SSN', 'First Name', 'Last Name', 'Monthly Premium', 'Department'];
const secondaryColumns = ['Member ID', 'Premium', 'FName', 'LName'];
const dataPoints = [
  { id: 'dp-ssn', baseline_column_name: 'SSN', secondary_column_name: 'Member ID' },
  { id: 'dp-first', baseline_column_name: 'First Name', secondary_column_name: 'FName' },
  { id: 'dp-last', baseline_column_name: 'last name', secondary_column_name: 'LName' }, // case differs
  { id: 'dp-premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium' },
];
const baselineRows = [
  ['111111111', 'Ann', 'Lee', 100, 'Ops'],
  ['222222222', 'Bob', 'Ray', 200, 'IT'],
  ['333333333', 'Cy', 'Ng', 300, 'HR'],
  ['222222222', 'Bob', 'Ray', 200, 'IT'], // repeated identifier
];
const secondaryRows = [
  ['111111111', 110, 'Ann', 'Lee'],
  ['444444444', 400, 'Dee', 'Fox'],
  ['222222222', 200, 'Bob', 'Ray'],
  ['555555555', 500, 'Eve', 'Kim'],
  ['555555555', 500, 'Eve', 'Kim'], // carrier duplicate
];

async function collect(input: Partial<BuildMergedRowsInput> = {}): Promise<MergedRow[]> {
  const out: MergedRow[] = [];
  for await (const r of buildMergedRows({
    baselineColumns,
    baselineRows,
    secondaryColumns,
    secondaryRows,
    dataPoints,
    discrepancyMerges: [],
    missing: [],
    markMerged: true,
    ...input,
  })) {
    out.push(r);
  }
  return out;
}

describe('buildMergedRows', () => {
  it('without merges or decisions yields the baseline unchanged', async () => {
    const rows = await collect();
    expect(rows.map((r) => r.values)).toEqual(baselineRows);
    expect(rows.every((r) => r.status === '' && r.merged.length === 0)).toBe(true);
  });

  it('applies DataPointMerge values and marks the row in the status column, keeping the cell clean', async () => {
    const rows = await collect({
      discrepancyMerges: [
        { data_point_id: 'dp-premium', baseline_row_index: 0, secondary_row_index: 0, merge_value: '110.00' },
        { data_point_id: 'dp-first', baseline_row_index: 0, secondary_row_index: 0, merge_value: 'Anne' },
        // same value as the cell: no change, no mark
        { data_point_id: 'dp-premium', baseline_row_index: 1, secondary_row_index: 2, merge_value: '200' },
        // unknown data point: ignored
        { data_point_id: 'dp-zzz', baseline_row_index: 2, secondary_row_index: null, merge_value: 'x' },
      ],
    });
    expect(rows[0]!.values).toEqual(['111111111', 'Anne', 'Lee', '110.00', 'Ops']);
    expect(rows[0]!.merged).toEqual([1, 3]);
    expect(rows[0]!.status).toBe('[merge] First Name, Monthly Premium');
    expect(rows[1]!.status).toBe('');
    expect(rows[2]!.status).toBe('');
  });

  it('without markMerged applies values but leaves no status', async () => {
    const rows = await collect({
      markMerged: false,
      discrepancyMerges: [{ data_point_id: 'dp-premium', baseline_row_index: 0, merge_value: '110.00' }],
    });
    expect(rows[0]!.values[3]).toBe('110.00');
    expect(rows[0]!.merged).toEqual([3]);
    expect(rows[0]!.status).toBe('');
    expect(mergedColumns(baselineColumns, false)).toEqual(baselineColumns);
  });

  it('adds included carrier-only rows through the data points, with their merge values', async () => {
    const rows = await collect({
      missing: [
        {
          missing: { id: 'm1', kind: 'MISSING_IN_BASELINE', secondary_row_index: 1, resolved_inclusion: true },
          merges: [{ data_point_id: 'dp-premium', merge_value: '401.50' }],
        },
        { missing: { id: 'm2', kind: 'MISSING_IN_BASELINE', secondary_row_index: 3, resolved_inclusion: false } },
      ],
    });
    expect(rows).toHaveLength(5);
    const added = rows[4]!;
    expect(added).toMatchObject({ origin: 'SECONDARY', secondary_row_index: 1, status: ADDED_FROM_CARRIER_STATUS });
    expect(added.values).toEqual(['444444444', 'Dee', 'Fox', '401.50', null]);
    expect(added.merged).toEqual([0, 1, 2, 3, 4]);
  });

  it('drops excluded baseline-only rows and excluded baseline duplicates, applies merges of included ones', async () => {
    const rows = await collect({
      missing: [
        { missing: { id: 'm1', kind: 'MISSING_IN_SECONDARY', baseline_row_index: 2, resolved_inclusion: false } },
        { missing: { id: 'm2', kind: 'DUPLICATE', side: 'BASELINE', baseline_row_index: 1, duplicate_identifier_row_index: 3, resolved_inclusion: false } },
      ],
    });
    expect(rows.map((r) => r.baseline_row_index)).toEqual([0, 1]);

    const kept = await collect({
      missing: [
        {
          missing: { id: 'm1', baseline_row_index: 2, resolved_inclusion: true }, // kind told from the indexes
          merges: [{ data_point_id: 'dp-last', merge_value: 'Nguyen' }],
        },
        { missing: { id: 'm3', baseline_row_index: 1, duplicate_identifier_row_index: 3, resolved_inclusion: null } },
      ],
    });
    expect(kept).toHaveLength(4);
    expect(kept[2]!.values[2]).toBe('Nguyen');
    expect(kept[2]!.status).toBe('[merge] Last Name');
  });

  it('adds an included carrier duplicate', async () => {
    const rows = await collect({
      missing: [
        { missing: { id: 'd', kind: 'DUPLICATE', side: 'SECONDARY', secondary_row_index: 3, duplicate_identifier_row_index: 4, resolved_inclusion: true } },
      ],
    });
    expect(rows).toHaveLength(5);
    expect(rows[4]).toMatchObject({ secondary_row_index: 4, status: ADDED_DUPLICATE_STATUS });
  });

  it('streams from async iterables and stops reading the carrier once every added row is found', async () => {
    let carrierRead = 0;
    async function* baseline() {
      for (const r of baselineRows) yield r;
    }
    async function* carrier() {
      for (const r of secondaryRows) {
        carrierRead++;
        yield r;
      }
    }
    const out: MergedRow[] = [];
    for await (const r of buildMergedRows({
      baselineColumns,
      baselineRows: baseline(),
      secondaryColumns,
      secondaryRows: carrier(),
      dataPoints,
      discrepancyMerges: [],
      missing: [{ missing: { id: 'm', kind: 'MISSING_IN_BASELINE', secondary_row_index: 1, resolved_inclusion: true } }],
      markMerged: true,
    })) {
      out.push(r);
    }
    expect(out).toHaveLength(5);
    expect(carrierRead).toBe(2);
  });

  it('mergedColumns adds a status column with a free name; mergedRowsAsRows appends it', async () => {
    expect(mergedColumns(['A', 'Merge Status'], true)).toEqual(['A', 'Merge Status', 'Merge Status (2)']);
    const rows: unknown[] = [];
    for await (const r of mergedRowsAsRows(
      buildMergedRows({
        baselineColumns,
        baselineRows,
        secondaryColumns,
        dataPoints,
        discrepancyMerges: [{ data_point_id: 'dp-premium', baseline_row_index: 0, merge_value: '1' }],
        missing: [],
        markMerged: true,
      }),
      true,
    )) {
      rows.push(r);
    }
    expect(rows[0]).toEqual(['111111111', 'Ann', 'Lee', '1', 'Ops', '[merge] Monthly Premium']);
  });
});

describe('mergeFromResolution', () => {
  const d = { data_point_id: 'dp', baseline_row_index: 1, secondary_row_index: 2, baseline_value: '100' };
  it('gives the chosen value for the baseline row', () => {
    expect(mergeFromResolution({ ...d, resolved_discrepancy_type: 'COST', resolved_value: '110' })).toEqual({
      data_point_id: 'dp',
      baseline_row_index: 1,
      secondary_row_index: 2,
      merge_value: '110',
    });
  });
  it('nothing for unresolved, ignored, value-less or unchanged rows', () => {
    expect(mergeFromResolution({ ...d, resolved_value: '110' })).toBeNull();
    expect(mergeFromResolution({ ...d, resolved_discrepancy_type: 'IGNORE', resolved_ignore: true, resolved_value: '110' })).toBeNull();
    expect(mergeFromResolution({ ...d, resolved_discrepancy_type: 'COST', resolved_value: null })).toBeNull();
    expect(mergeFromResolution({ ...d, resolved_discrepancy_type: 'CONFIRMED', resolved_value: ' 100 ' })).toBeNull();
  });
});
