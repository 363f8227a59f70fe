import { describe, expect, it } from 'vitest';
import type { CompareDataPoint } from '../compare/types';
import { reconcileInvoice } from './reconcile';

const dp = (id: string, b: string, s: string, unique = false): CompareDataPoint => ({ id, baseline_column_name: b, secondary_column_name: s, is_unique_identifier: unique });
const DATA_POINTS = [dp('ssn', 'SSN', 'SSN', true), dp('line', 'Benefit Type', 'Coverage Type', true), dp('premium', 'Monthly Premium', 'Current Premium')];

const enrollment = {
  columns: ['SSN', 'First Name', 'Last Name', 'Benefit Type', 'Effective Date', 'Term Date', 'Monthly Premium'],
  rows: [
    ['111-11-1111', 'Ann', 'Able', 'Medical', '01/01/2025', '', '612.40'],
    ['222-22-2222', 'Bob', 'Baker', 'Medical', '01/01/2025', '', '1,480.00'],
    ['333-33-3333', 'Cy', 'Cole', 'Medical', '01/01/2025', '', '1,480.00'],
    ['444-44-4444', 'Di', 'Dunn', 'Dental', '01/01/2025', '', '120.00'],
    ['555-55-5555', 'Ed', 'Eng', 'Medical', '01/01/2025', '', '612.40'],
    ['666-66-6666', 'Flo', 'Fox', 'Medical', '01/01/2025', '', '612.40'],
    ['777-77-7777', 'Gus', 'Gray', 'Medical', '01/01/2025', '', '612.40'],
  ],
};

const columns = ['SSN', 'Member Name', 'Coverage Type', 'Current Premium'];
const january = {
  preamble: [['Billing Period: 01/2026']],
  columns,
  rows: [
    ['111-11-1111', 'ABLE, ANN', 'MED', '612.40'],
    ['222-22-2222', 'BAKER, BOB', 'MED', '1,250.00'],
    ['333-33-3333', 'COLE, CY', 'MED', '1,250.00'],
    ['555-55-5555', 'ENG, ED', 'MED', '612.40'],
    ['666-66-6666', 'FOX, FLO', 'MED', '612.40'],
    ['777-77-7777', 'GRAY, GUS', 'MED', '612.40'],
  ],
};
const february = {
  preamble: [['Billing Period: 02/2026']],
  columns,
  rows: [
    ['111-11-1111', 'ABLE, ANN', 'MED', '612.40'],
    ['222-22-2222', 'BAKER, BOB', 'MED', '1,480.00'],
    ['333-33-3333', 'COLE, CY', 'MED', '1,480.00'],
    ['444-44-4444', 'DUNN, DI', 'DEN', '120.00'],
    ['555-55-5555', 'ENG, ED', 'MED', '612.40'],
    ['666-66-6666', 'FOX, FLO', 'MED', '612.40'],
    ['777-77-7777', 'GRAY, GUS', 'MED', '612.40'],
    ['ADJUSTMENTS'],
    ['SSN', 'Member Name', 'Coverage Type', 'Adjustment Period', 'Reason', 'Amount'],
    // Billed in full in January: billed again.
    ['111-11-1111', 'ABLE, ANN', 'MED', '01/2026', 'Retro Add', '612.40'],
    // The tier's difference for January: owed.
    ['222-22-2222', 'BAKER, BOB', 'MED', '01/2026', 'Tier Change', '230.00'],
    // The new tier in full, January's old tier not credited: the old tier is billed again.
    ['333-33-3333', 'COLE, CY', 'MED', '01/2026', 'Tier Change', '1,480.00'],
    // Not billed in January: owed.
    ['444-44-4444', 'DUNN, DI', 'DEN', '01/2026', 'Retro Add', '120.00'],
    // December's invoice was never reconciled: expected as before.
    ['555-55-5555', 'ENG, ED', 'MED', '12/2025', 'Retro Add', '612.40'],
    // Another amount for a month billed in full: all of it billed again.
    ['666-66-6666', 'FOX, FLO', 'MED', '01/2026', 'Retro Add', '600.00'],
    // December unknown, January billed.
    ['777-77-7777', 'GRAY, GUS', 'MED', '12/2025 - 01/2026', 'Retro Add', '1,224.80'],
  ],
};

const findings = (r: ReturnType<typeof reconcileInvoice>) =>
  [...r.discrepancies, ...r.missing].map((f) => ({ last: f.last_name, kind: f.invoice_kind, amount: f.amount, months: f.months }));

describe('a retro charge for a month an earlier invoice already billed', () => {
  const jan = reconcileInvoice(enrollment, january, DATA_POINTS);
  const earlier = { ledgers: [{ billing_months: jan.totals.billing_months, lines: jan.billed_ledger }] };
  const feb = reconcileInvoice(enrollment, february, DATA_POINTS, {}, earlier);

  it('is found as already billed with the dollars billed again, and nothing else is', () => {
    expect(findings(feb).sort((a, b) => (a.last ?? '').localeCompare(b.last ?? ''))).toEqual([
      { last: 'Able', kind: 'RETRO_ALREADY_BILLED', amount: 612.4, months: ['2026-01'] },
      { last: 'Cole', kind: 'RETRO_ALREADY_BILLED', amount: 1250, months: ['2026-01'] },
      { last: 'Fox', kind: 'RETRO_ALREADY_BILLED', amount: 600, months: ['2026-01'] },
      { last: 'Gray', kind: 'RETRO_ALREADY_BILLED', amount: 612.4, months: ['2026-01'] },
    ]);
  });

  it('counts it in over-billed, and the findings still add up to the net', () => {
    const t = feb.totals;
    expect(t.over_billed).toBe(3074.8);
    expect(t.under_billed).toBe(0);
    expect(t.net).toBe(3074.8);
    expect(t.by_kind).toEqual([{ kind: 'RETRO_ALREADY_BILLED', count: 4, amount: 3074.8 }]);
  });

  it('names the earlier months no reconciliation of the carrier knows', () => {
    expect(feb.totals.earlier_invoices_unknown).toEqual(['2025-12']);
  });

  it('stays expected when the earlier invoice is unknown', () => {
    const alone = reconcileInvoice(enrollment, february, DATA_POINTS);
    expect(findings(alone).filter((f) => f.kind === 'RETRO_ALREADY_BILLED')).toEqual([]);
    // Fox's retro is $12.40 short of the month; Cole's and Baker's tier changes against the full month.
    expect(findings(alone).map((f) => [f.last, f.kind, f.amount])).toEqual(
      expect.arrayContaining([
        ['Fox', 'ADJUSTMENT_MISMATCH', -12.4],
        ['Baker', 'ADJUSTMENT_MISMATCH', -1250],
      ]),
    );
    expect(alone.totals.earlier_invoices_unknown).toEqual(['2025-12', '2026-01']);
  });

  it('finds the member by the bill’s own identifier when the enrollment no longer has them', () => {
    const leftover = { ...enrollment, rows: enrollment.rows.filter((r) => r[0] !== '111-11-1111') };
    const r = reconcileInvoice(leftover, february, DATA_POINTS, {}, earlier);
    expect(findings(r).filter((f) => f.last === 'ABLE' || f.last === 'Able')).toEqual(
      expect.arrayContaining([{ last: 'ABLE', kind: 'RETRO_ALREADY_BILLED', amount: 612.4, months: ['2026-01'] }]),
    );
  });

  it('counts only invoices before this one: a later invoice is not what was billed before', () => {
    const march = { billing_months: ['2026-03'], lines: feb.billed_ledger };
    const again = reconcileInvoice(enrollment, february, DATA_POINTS, {}, { ledgers: [march] });
    expect(findings(again).filter((f) => f.kind === 'RETRO_ALREADY_BILLED')).toEqual([]);
    expect(again.totals.earlier_invoices_unknown).toEqual(['2025-12', '2026-01']);
  });

  it('matches the members as the ledgers write them', () => {
    const hashed = (key: string) => `h(${key})`;
    const janHashed = reconcileInvoice(enrollment, january, DATA_POINTS, {}, { ledgers: [], memberKey: hashed });
    expect(janHashed.billed_ledger.every((l) => l.members.every((m) => m.startsWith('h(')))).toBe(true);
    const r = reconcileInvoice(enrollment, february, DATA_POINTS, {}, { ledgers: [{ billing_months: ['2026-01'], lines: janHashed.billed_ledger }], memberKey: hashed });
    expect(r.totals.over_billed).toBe(3074.8);
  });

  it("counts what an earlier invoice's retro line billed for a month whose own invoice is unknown", () => {
    // February billed December for Gray (half of its 12/2025 - 01/2026 retro); March bills December again.
    const march = {
      preamble: [['Billing Period: 03/2026']],
      columns,
      rows: [['ADJUSTMENTS'], ['SSN', 'Member Name', 'Coverage Type', 'Adjustment Period', 'Reason', 'Amount'], ['777-77-7777', 'GRAY, GUS', 'MED', '12/2025', 'Retro Add', '612.40']],
    };
    const ledgers = [...earlier.ledgers, { billing_months: feb.totals.billing_months, lines: feb.billed_ledger }];
    const r = reconcileInvoice(enrollment, march, DATA_POINTS, {}, { ledgers });
    expect(findings(r).filter((f) => f.last === 'Gray' && f.months.includes('2025-12'))).toEqual([{ last: 'Gray', kind: 'RETRO_ALREADY_BILLED', amount: 612.4, months: ['2025-12'] }]);
    expect(r.totals.earlier_invoices_unknown).toEqual([]);
  });

  it('expects a rebill: the old charge credited and the month charged again', () => {
    const rebill = {
      preamble: [['Billing Period: 02/2026']],
      columns,
      rows: [
        ['ADJUSTMENTS'],
        ['SSN', 'Member Name', 'Coverage Type', 'Adjustment Period', 'Reason', 'Amount'],
        ['222-22-2222', 'BAKER, BOB', 'MED', '01/2026', 'Reverse Tier Change', '(1,250.00)'],
        ['222-22-2222', 'BAKER, BOB', 'MED', '01/2026', 'Tier Change', '1,480.00'],
        // Half of January's charge credited and the new tier charged in full: the other half is billed again.
        ['333-33-3333', 'COLE, CY', 'MED', '01/2026', 'Reverse Tier Change', '(625.00)'],
        ['333-33-3333', 'COLE, CY', 'MED', '01/2026', 'Tier Change', '1,480.00'],
      ],
    };
    const r = reconcileInvoice(enrollment, rebill, DATA_POINTS, {}, earlier);
    const retro = findings(r).filter((f) => f.months?.includes('2026-01'));
    expect(retro.filter((f) => f.last === 'Baker')).toEqual([]);
    expect(retro.filter((f) => f.last === 'Cole')).toEqual([{ last: 'Cole', kind: 'RETRO_ALREADY_BILLED', amount: 625, months: ['2026-01'] }]);
    // Without January's reconciliation the credits are for months in force: not expected.
    const alone = findings(reconcileInvoice(enrollment, rebill, DATA_POINTS)).filter((f) => f.months?.includes('2026-01'));
    expect(alone.map((f) => [f.last, f.kind, f.amount])).toEqual([
      ['Baker', 'ADJUSTMENT_MISMATCH', -1250],
      ['Cole', 'ADJUSTMENT_MISMATCH', -625],
    ]);
  });

  it('records what each invoice billed, per member, coverage line and month, to the cent', () => {
    const gray = feb.billed_ledger.filter((l) => l.members.includes('id:777777777'));
    expect(gray.map((l) => [l.coverage, l.month, l.cents]).sort()).toEqual([
      ['medical', '2025-12', 61240],
      ['medical', '2026-01', 61240],
      ['medical', '2026-02', 61240],
    ]);
  });
});

describe('a current charge whose own period names an earlier month', () => {
  const jan = reconcileInvoice(enrollment, january, DATA_POINTS);
  const earlier = { ledgers: [{ billing_months: jan.totals.billing_months, lines: jan.billed_ledger }] };
  const february = {
    preamble: [['Billing Period: 02/2026']],
    columns: ['SSN', 'Member Name', 'Coverage Type', 'Coverage Month', 'Current Premium'],
    rows: [
      ['111-11-1111', 'ABLE, ANN', 'MED', '02/2026', '612.40'],
      // January again, among the current charges: billed in full in January.
      ['111-11-1111', 'ABLE, ANN', 'MED', '01/2026', '612.40'],
      ['222-22-2222', 'BAKER, BOB', 'MED', '02/2026', '1,480.00'],
      ['333-33-3333', 'COLE, CY', 'MED', '02/2026', '1,480.00'],
      ['444-44-4444', 'DUNN, DI', 'DEN', '02/2026', '120.00'],
      // Not billed in January: owed.
      ['444-44-4444', 'DUNN, DI', 'DEN', '01/2026', '120.00'],
      ['555-55-5555', 'ENG, ED', 'MED', '02/2026', '612.40'],
      ['666-66-6666', 'FOX, FLO', 'MED', '02/2026', '612.40'],
      // January and February on one line: January billed again, February the month's premium.
      ['777-77-7777', 'GRAY, GUS', 'MED', '01/2026 - 02/2026', '1,224.80'],
    ],
  };

  it('goes through the already-billed check like a retro line: the months billed before are found with their dollars', () => {
    const feb = reconcileInvoice(enrollment, february, DATA_POINTS, {}, earlier);
    expect(findings(feb).sort((a, b) => (a.last ?? '').localeCompare(b.last ?? ''))).toEqual([
      { last: 'Able', kind: 'RETRO_ALREADY_BILLED', amount: 612.4, months: ['2026-01'] },
      { last: 'Gray', kind: 'RETRO_ALREADY_BILLED', amount: 612.4, months: ['2026-01'] },
    ]);
    expect(feb.totals.over_billed).toBe(1224.8);
    expect(feb.totals.earlier_invoices_unknown).toEqual([]);
  });

  it('stays expected, and January unknown, without January’s reconciliation', () => {
    const alone = reconcileInvoice(enrollment, february, DATA_POINTS);
    expect(findings(alone)).toEqual([]);
    expect(alone.totals.earlier_invoices_unknown).toEqual(['2026-01']);
  });
});
