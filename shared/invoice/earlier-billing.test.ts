import { describe, expect, it } from 'vitest';
import { BilledLedgerBuilder, earlierBillingOf, spreadCents } from './earlier-billing';

describe('what earlier invoices billed', () => {
  it('spreads a line over its months to the cent', () => {
    expect(spreadCents(100, 3)).toEqual([33, 34, 33]);
    expect(spreadCents(122480, 2)).toEqual([61240, 61240]);
    expect(spreadCents(-1000, 3).reduce((a, b) => a + b, 0)).toBe(-1000);
  });

  it('nets the lines of a member, line and month, credits included', () => {
    const ledger = new BilledLedgerBuilder();
    ledger.add(['id:1'], 'medical', ['2026-01'], 61240);
    ledger.add(['id:1'], 'medical', ['2025-12', '2026-01'], 20000);
    ledger.add(['id:1'], 'medical', ['2026-01'], -5000);
    expect(ledger.lines().map((l) => [l.month, l.cents])).toEqual([
      ['2026-01', 61240 + 10000 - 5000],
      ['2025-12', 10000],
    ]);
  });

  it('finds a member under any of its keys, counting each line once', () => {
    const ledger = new BilledLedgerBuilder();
    ledger.add(['id:1', 'id:C-77'], 'medical', ['2026-01'], 61240);
    const earlier = earlierBillingOf([{ billing_months: ['2026-01'], lines: ledger.lines() }]);
    expect(earlier.billed(['id:C-77'], 'medical', '2026-01')).toBe(61240);
    expect(earlier.billed(['id:1', 'id:C-77'], 'medical', '2026-01')).toBe(61240);
    expect(earlier.billed(['id:1'], 'dental', '2026-01')).toBe(0);
    expect(earlier.knows('2026-01')).toBe(true);
    expect(earlier.knows('2025-12')).toBe(false);
  });

  it('matches every line of the member when either bill charges per member', () => {
    const perLine = new BilledLedgerBuilder();
    perLine.add(['id:1'], 'medical', ['2026-01'], 61240);
    perLine.add(['id:1'], 'dental', ['2026-01'], 4113);
    const perMember = new BilledLedgerBuilder();
    perMember.add(['id:2'], '', ['2026-01'], 65353);
    const earlier = earlierBillingOf([{ billing_months: ['2026-01'], lines: [...perLine.lines(), ...perMember.lines()] }]);
    expect(earlier.billed(['id:1'], '', '2026-01')).toBe(65353);
    expect(earlier.billed(['id:2'], 'medical', '2026-01')).toBe(65353);
  });
});
