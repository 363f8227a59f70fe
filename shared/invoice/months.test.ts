import { describe, expect, it } from 'vitest';
import { monthsOf, parseMonthToken, parsePeriod, periodLabel, periodOfBounds } from './months';

describe('billing months', () => {
  it('reads the ways list bills write a month', () => {
    for (const s of ['01/2026', '1/2026', '2026-01', '202601', '01/15/2026', '1/1/2026', '2026-01-31', 'Jan 2026', 'January 2026', 'JAN-26', 'Jan. 2026', 'January 1, 2026', '46023'])
      expect(parseMonthToken(s), s).toBe('2026-01');
    for (const s of ['', 'Dental', '13/2026', '2026-13', 'total']) expect(parseMonthToken(s), s).toBeNull();
  });

  it('reads single months and ranges as periods', () => {
    expect(parsePeriod('01/01/2026 - 01/31/2026')).toEqual({ start: '2026-01', end: '2026-01' });
    expect(parsePeriod('10/01/2025 - 12/31/2025')).toEqual({ start: '2025-10', end: '2025-12' });
    expect(parsePeriod('01/01/2026-03/31/2026')).toEqual({ start: '2026-01', end: '2026-03' });
    expect(parsePeriod('2026-01/2026-03')).toEqual({ start: '2026-01', end: '2026-03' });
    expect(parsePeriod('Jan 2026 to Mar 2026')).toEqual({ start: '2026-01', end: '2026-03' });
    expect(parsePeriod('November 2025 – January 2026')).toEqual({ start: '2025-11', end: '2026-01' });
    expect(parsePeriod('For the period 02/2026')).toEqual({ start: '2026-02', end: '2026-02' });
    expect(parsePeriod('03/2026 - 01/2026')).toBeNull();
    expect(parsePeriod('next month')).toBeNull();
  });

  it('lists the months of a period across a year end and labels it', () => {
    expect(monthsOf({ start: '2025-11', end: '2026-02' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodLabel({ start: '2026-01', end: '2026-01' })).toBe('2026-01');
    expect(periodLabel({ start: '2025-11', end: '2026-02' })).toBe('2025-11/2026-02');
    expect(periodOfBounds('10/01/2025', '12/31/2025')).toEqual({ start: '2025-10', end: '2025-12' });
    expect(periodOfBounds('', '12/31/2025')).toEqual({ start: '2025-12', end: '2025-12' });
  });
});
