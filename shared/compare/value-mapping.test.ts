import { describe, expect, it } from 'vitest';
import { isMappablePair } from './value-mapping';

const pair = (baseline: string, secondary: string, is_unique_identifier = false) => ({ baseline_column_name: baseline, secondary_column_name: secondary, is_unique_identifier });

describe('isMappablePair', () => {
  it('maps vocabularies, even the benefit type inside a composite identifier', () => {
    expect(isMappablePair(pair('Relationship', 'Rel Code'))).toBe(true);
    expect(isMappablePair(pair('Benefit Type', 'Line of Coverage', true))).toBe(true);
    expect(isMappablePair(pair('Department', 'Dept'))).toBe(true);
  });

  it('never lists people’s own values: identifiers, SSNs, names, dates, amounts, addresses', () => {
    expect(isMappablePair(pair('SSN', 'Member ID', true))).toBe(false);
    expect(isMappablePair(pair('Employee ID', 'EE Number', true))).toBe(false);
    expect(isMappablePair(pair('Employee SSN', 'Subscriber ID'))).toBe(false);
    expect(isMappablePair(pair('First Name', 'FNAME'))).toBe(false);
    expect(isMappablePair(pair('DOB', 'Birth Date'))).toBe(false);
    expect(isMappablePair(pair('Monthly Premium', 'Premium'))).toBe(false);
    expect(isMappablePair(pair('Zip', 'Zip Code'))).toBe(false);
  });
});
