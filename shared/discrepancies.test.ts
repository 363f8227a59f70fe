import { describe, it, expect } from 'vitest';
import { DiscrepancyType } from './discrepancies';

describe('discrepancy types (SPEC §4)', () => {
  it('has the eighteen types in spec order', () => {
    expect(DiscrepancyType.values).toEqual([
      'MISSING_ENROLLMENT',
      'ROUNDING',
      'COST',
      'COVERAGE_TIER',
      'IGNORE',
      'BENEFIT_AMOUNT',
      'DUPLICATE',
      'CONFIRMED',
      'WRONG_PLAN',
      'NAME_MISMATCH',
      'DOB_MISMATCH',
      'TIMING_ISSUE',
      'TERM',
      'COBRA',
      'DROPPED_COVERAGE_AT_OE',
      'EOI_PENDING',
      'GENDER_MISMATCH',
      'OTHER',
    ]);
  });

  it('shows human labels, keeping acronyms upper-case', () => {
    expect(DiscrepancyType.label('MISSING_ENROLLMENT')).toBe('Missing Enrollment');
    expect(DiscrepancyType.label('COVERAGE_TIER')).toBe('Coverage Tier');
    expect(DiscrepancyType.label('DOB_MISMATCH')).toBe('DOB Mismatch');
    expect(DiscrepancyType.label('DROPPED_COVERAGE_AT_OE')).toBe('Dropped Coverage at OE');
    expect(DiscrepancyType.label('EOI_PENDING')).toBe('EOI Pending');
    expect(DiscrepancyType.label('COBRA')).toBe('COBRA');
  });

  it('rejects a type outside the list', () => {
    expect(DiscrepancyType.schema.safeParse('TYPO').success).toBe(false);
    expect(DiscrepancyType.label('TYPO', '—')).toBe('—');
  });
});
