import { describe, expect, it } from 'vitest';
import { formatUsd, largestFirst, type MoneyFinding } from '../../data/invoices';
import { claimCard, earlierInvoicesUnknownText, formatDay, formatMonth } from './InvoiceMoneyPanel';
import { periodLabel } from './invoice-dates';

const finding = (id: string, amount: number, list: MoneyFinding['list'] = 'discrepancies'): MoneyFinding => ({
  id,
  list,
  member: id,
  kind: '',
  months: ['2026-01'],
  amount,
  credit_status: null,
});

describe('invoice money on the web', () => {
  it('formats dollars as US currency, credits with a minus', () => {
    expect(formatUsd(3204.8)).toBe('$3,204.80');
    expect(formatUsd(-120)).toBe('-$120.00');
  });

  it('lists the largest findings of both lists first, whichever their sign, once each', () => {
    const rows = [finding('a', 230), finding('b', -700, 'missing'), finding('c', 612.4), finding('c', 612.4), finding('d', 5, 'missing')];
    expect(largestFirst(rows, 3).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('counts the days to claim, urgent under 15 and passed once negative', () => {
    const base = { claim_deadline: '2026-02-18', credit_window_days: 60 };
    expect(claimCard({ ...base, days_to_claim: 30 })).toMatchObject({ value: '30 days', detail: 'Claim by Feb 18, 2026', urgent: false });
    expect(claimCard({ ...base, days_to_claim: 14 })).toMatchObject({ value: '14 days', urgent: true });
    expect(claimCard({ ...base, days_to_claim: -3 })).toMatchObject({ value: 'passed', urgent: true });
    expect(claimCard({ days_to_claim: null, claim_deadline: null, credit_window_days: 60 }).value).toBe('—');
  });

  it('says which earlier invoices are unknown, and nothing when all are known', () => {
    expect(earlierInvoicesUnknownText([])).toBeNull();
    expect(earlierInvoicesUnknownText(['2025-12'])).toMatch(/^Earlier invoice unknown: retro charges bill Dec 2025, and no reconciliation of this carrier covers that month\./);
    expect(earlierInvoicesUnknownText(['2025-11', '2025-12'])).toMatch(/^Earlier invoices unknown: retro charges bill Nov 2025, Dec 2025, and no reconciliation of this carrier covers those months\./);
  });

  it('reads days, months and periods without moving them across time zones', () => {
    expect(formatDay('2025-12-20')).toBe('Dec 20, 2025');
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(periodLabel('2026-01/2026-03')).toBe('Jan 2026 – Mar 2026');
  });
});
