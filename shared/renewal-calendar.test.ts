import { describe, expect, it } from 'vitest';
import { addDays, dueRenewal, invoiceDay } from './renewal-calendar';

describe('dueRenewal', () => {
  it('is due on the day that is the given number of days before the first of the renewal month', () => {
    expect(dueRenewal('2026-05-02', 'JULY', 60)).toEqual({ year: 2026, month: 'JULY', effectiveDate: '2026-07-01', kickoffDate: '2026-05-02' });
    expect(dueRenewal('2026-05-01', 'JULY', 60)).toBeNull();
  });

  it('stays due after a missed day, until the renewal month begins', () => {
    expect(dueRenewal('2026-06-30', 'JULY', 60)?.year).toBe(2026);
    expect(dueRenewal('2026-07-01', 'JULY', 60)).toBeNull();
  });

  it('crosses the year: a January renewal kicked off in November is next year’s', () => {
    expect(dueRenewal('2026-11-02', 'JANUARY', 60)).toEqual({ year: 2027, month: 'JANUARY', effectiveDate: '2027-01-01', kickoffDate: '2026-11-02' });
    expect(dueRenewal('2026-11-01', 'JANUARY', 60)).toBeNull();
  });

  it('counts calendar days across month ends and leap years', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(dueRenewal('2028-01-31', 'MARCH', 30)?.kickoffDate).toBe('2028-01-31');
  });
});

describe('invoiceDay', () => {
  it('reads 31 as the last day of the month', () => {
    expect(invoiceDay(2027, 1, 31)).toBe('2027-02-28');
    expect(invoiceDay(2028, 1, 31)).toBe('2028-02-29');
    expect(invoiceDay(2027, 3, 31)).toBe('2027-04-30');
    expect(invoiceDay(2027, 0, 15)).toBe('2027-01-15');
  });
});
