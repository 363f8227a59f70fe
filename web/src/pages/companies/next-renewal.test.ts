import { describe, expect, it } from 'vitest';
import { nextRenewalDate } from './CompanyOverview';

describe('nextRenewalDate', () => {
  it('is the next first day of the renewal month after the day given', () => {
    expect(nextRenewalDate('JULY', '2026-03-15')).toBe('2026-07-01');
    expect(nextRenewalDate('JANUARY', '2026-03-15')).toBe('2027-01-01');
  });
  it('on the first day of the month itself, the renewal is next year', () => {
    expect(nextRenewalDate('JULY', '2026-07-01')).toBe('2027-07-01');
  });
  it('is null without a known month', () => {
    expect(nextRenewalDate(null, '2026-03-15')).toBeNull();
    expect(nextRenewalDate('SMARCH', '2026-03-15')).toBeNull();
  });
});
