import { describe, expect, it } from 'vitest';
import { plainItemsOf } from './plain-items';
import { DataPointDiscrepancyEntity, FixedFindingEntity, MissingDiscrepancyEntity } from './result-entities';
import { DataMappingEntity } from './data-mapping';

const keys = (entity: string) => ({
  pk: '$dvp#company_id_c1#comparison_id_x1',
  sk: `$${entity.toLowerCase()}_1#id_run-1-7`,
  gsi1pk: '$dvp#company_id_c1#comparison_id_x1#data_point_id_dp1',
  gsi1sk: `$${entity.toLowerCase()}_1#id_run-1-7`,
  __edb_e__: entity,
  __edb_v__: '1',
});

// As DynamoDB hands them back: keys and identifiers among the attributes, in the stored order.
const discrepancy = {
  secondary_value: '101.00',
  id: 'run-1-7',
  ...keys('dataPointDiscrepancy'),
  organization_id: 'org-1',
  company_id: 'c1',
  comparison_id: 'x1',
  run_id: 'run-1',
  data_point_id: 'dp1',
  baseline_row_index: 12,
  secondary_row_index: 14,
  baseline_value: '100.00',
  unique_identifier: '123456789',
  first_name: 'Ann',
  last_name: 'Lee',
  full_name: 'Ann Lee',
  relationship: 'EE',
  discrepancy_function_result: 1,
  suggested_type: 'COST',
  skip_verification: false,
  resolved_value: '101.00',
  resolved_ignore: false,
  resolved_date: '2026-11-02T00:00:00.000Z',
  resolved_by_user_id: 'u1',
  resolved_notes: 'called the carrier',
  resolved_discrepancy_type: 'COST',
  credit_status: 'REQUESTED',
  amount: -12.5,
  months: ['2026-10', '2026-11'],
  coverage_line: 'Dental',
  invoice_kind: 'PREMIUM_DIFFERS',
  change_status: 'NEW',
  first_seen_at: '2026-11-01T00:00:00.000Z',
  verification_status: 'APPROVED',
  verified_by_user_id: 'u2',
  verified_date: '2026-11-03T00:00:00.000Z',
  updated_at: '2026-11-03T00:00:00.000Z',
  not_an_attribute: 'dropped',
};
const missing = {
  ...keys('missingDiscrepancy'),
  id: 'run-1-8',
  organization_id: 'org-1',
  company_id: 'c1',
  comparison_id: 'x1',
  run_id: 'run-1',
  kind: 'DUPLICATE',
  side: 'BASELINE',
  duplicate_identifier_row_index: 3,
  unique_identifier: '123456789',
  resolved_inclusion: true,
  change_status: 'STILL_OPEN',
  updated_at: '2026-11-03T00:00:00.000Z',
};
const fixed = {
  ...keys('fixedFinding'),
  id: 'run-1-f1',
  organization_id: 'org-1',
  company_id: 'c1',
  comparison_id: 'x1',
  run_id: 'run-1',
  previous_comparison_id: 'x0',
  previous_finding_id: 'run-0-3',
  kind: 'DISCREPANCY',
  data_point_name: 'Premium',
  updated_at: '2026-11-03T00:00:00.000Z',
};

describe('plain items', () => {
  it.each([
    ['a discrepancy', DataPointDiscrepancyEntity, discrepancy],
    ['a missing row', MissingDiscrepancyEntity, missing],
    ['a fixed finding', FixedFindingEntity, fixed],
  ] as const)('answer %s with the fields and field order of ElectroDB', (_, entity, item) => {
    const bare = Object.fromEntries(Object.entries(item).filter(([k]) => !['resolved_value', 'amount', 'months', 'side'].includes(k)));
    const Items = [item, bare, { ...keys('someOtherEntity'), id: 'x' }];
    const plain = plainItemsOf(entity)(Items);
    const formatted = (entity as unknown as { parse(response: unknown): { data: unknown } }).parse({ Items }).data;
    expect(JSON.stringify(plain)).toBe(JSON.stringify(formatted));
    expect(plain).toHaveLength(2);
  });

  it('refuse an entity whose items need ElectroDB to format them', () => {
    expect(() => plainItemsOf(DataMappingEntity)).toThrow(/needs ElectroDB's formatting/);
  });
});
