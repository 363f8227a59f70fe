import { describe, expect, it } from 'vitest';
import { compareTablesSync } from './compare-tables';

describe('the money of a premium finding', () => {
  const run = (discrepancy_function?: 'MINUS: BASELINE - SECONDARY') =>
    compareTablesSync(
      { columns: ['SSN', 'Monthly Premium', 'Plan'], rows: [['111-11-1111', '612.40', 'PPO'], ['222-22-2222', '41.10', 'DEN']] },
      { columns: ['SSN', 'Current Premium', 'Plan'], rows: [['111111111', '$650.00', 'HMO'], ['222222222', '41.10', 'DEN']] },
      {
        data_points: [
          { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
          { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false, discrepancy_function },
          { id: 'plan', baseline_column_name: 'Plan', secondary_column_name: 'Plan', is_unique_identifier: false },
        ],
      },
    ).discrepancies.map((d) => [d.data_point_id, d.discrepancy_function_result]);

  it('is the carrier minus the baseline when no calculation was chosen, and nothing for other pairs', () => {
    expect(run()).toEqual([['premium', 37.6], ['plan', null]]);
  });

  it('follows the calculation the data point chose', () => {
    expect(run('MINUS: BASELINE - SECONDARY')).toEqual([['premium', -37.6], ['plan', null]]);
  });
});

describe('premiums written with more than two decimals', () => {
  const compare = (baselinePremium: string, carrierPremium: string, tolerance?: number) =>
    compareTablesSync(
      { columns: ['SSN', 'Monthly Premium'], rows: [['111-11-1111', baselinePremium]] },
      { columns: ['SSN', 'Premium'], rows: [['111111111', carrierPremium]] },
      {
        data_points: [
          { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
          { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium', is_unique_identifier: false, tolerance },
        ],
      },
    ).discrepancies;

  it('keeps the carrier value as written and the difference exact', () => {
    expect(compare('662.17', '662.176')).toMatchObject([{ baseline_value: '662.17', secondary_value: '662.176', discrepancy_function_result: 0.01, suggested_type: 'ROUNDING' }]);
    expect(compare('0.00', '0.0049999999')).toEqual([]);
    expect(compare('662.18', '662.176')).toEqual([]);
  });

  it('allows only the whole cents inside a tolerance', () => {
    expect(compare('10.00', '10.29', 0.29)).toEqual([]);
    expect(compare('10.00', '10.02', 0.015)).toMatchObject([{ secondary_value: '10.02' }]);
    expect(compare('10.00', '10.01', 0.015)).toEqual([]);
  });
});
