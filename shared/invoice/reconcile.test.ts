import { describe, expect, it } from 'vitest';
import type { CompareDataPoint } from '../compare/types';
import { reconcileInvoice, InvoiceInputError } from './reconcile';

const dp = (id: string, b: string, s: string, unique = false): CompareDataPoint => ({ id, baseline_column_name: b, secondary_column_name: s, is_unique_identifier: unique });
const DATA_POINTS = [dp('ssn', 'SSN', 'SSN', true), dp('line', 'Benefit Type', 'Coverage Type', true), dp('premium', 'Monthly Premium', 'Current Premium'), dp('tier', 'Coverage Tier', 'Tier')];

const enrollment = {
  columns: ['SSN', 'First Name', 'Last Name', 'Benefit Type', 'Plan', 'Coverage Tier', 'Effective Date', 'Term Date', 'Monthly Premium'],
  rows: [
    ['111-11-1111', 'Ann', 'Able', 'Medical', 'PPO 500', 'Employee Only', '01/01/2025', '', '612.40'],
    ['111-11-1111', 'Ann', 'Able', 'Dental', 'Dental PPO', 'Employee Only', '01/01/2025', '', '41.10'],
    ['222-22-2222', 'Bob', 'Baker', 'Medical', 'PPO 500', 'Employee + Spouse', '01/01/2025', '', '1,250.00'],
    ['333-33-3333', 'Cy', 'Cole', 'Medical', 'PPO 500', 'Employee Only', '01/01/2025', '10/31/2025', '612.40'],
    ['444-44-4444', 'Di', 'Dunn', 'Dental', 'Dental PPO', 'Family', '01/01/2025', '', '120.00'],
    ['555-55-5555', 'Ed', 'Eng', 'Medical', 'PPO 500', 'Employee Only', '01/01/2025', '', '612.40'],
    ['666-66-6666', 'Flo', 'Fox', 'Medical', 'PPO 500', 'Employee Only', '09/01/2025', '', '612.40'],
    ['777-77-7777', 'Gus', 'Gray', 'Vision', 'Vision', 'Employee Only', '01/01/2025', '11/30/2025', '9.80'],
  ],
};

const invoice = {
  preamble: [['Acme Benefits Co — Premium Statement'], ['Invoice Number:', 'INV-20260101'], ['Billing Period: 01/01/2026 - 01/31/2026'], ['Invoice Date', '12/20/2025']],
  columns: ['SSN', 'Member Name', 'Coverage Type', 'Tier', 'Current Premium'],
  rows: [
    ['111-11-1111', 'ABLE, ANN', 'MED', 'EE', '$612.40'],
    ['222-22-2222', 'BAKER, BOB', 'MED', 'FAM', '$1,480.00'],
    ['333-33-3333', 'COLE, CY', 'MED', 'EE', '612.40'],
    ['555-55-5555', 'ENG, ED', 'MED', 'EE', '612.40'],
    ['555-55-5555', 'ENG, ED', 'MED', 'EE', '612.40'],
    ['888-88-8888', 'HALE, HAL', 'MED', 'EE', '612.40'],
    ['', 'Medical Subtotal', '', '', '4,542.00'],
    ['111-11-1111', 'ABLE, ANN', 'DEN', 'EE', '41.10'],
    ['', 'Dental Subtotal', '', '', '41.10'],
    ['ADJUSTMENTS'],
    ['SSN', 'Member Name', 'Coverage Type', 'Adjustment Period', 'Reason', 'Amount'],
    ['666-66-6666', 'FOX, FLO', 'MED', '09/2025 - 12/2025', 'Retro Add', '2,449.60'],
    ['777-77-7777', 'GRAY, GUS', 'VIS', '12/2025', 'Retro Term', '(9.80)'],
    ['444-44-4444', 'DUNN, DI', 'DEN', '11/2025 - 12/2025', 'Retro Term', '(240.00)'],
    ['', 'Total Amount Due', '', '', '', '$6,782.90'],
  ],
};

describe('invoice reconciliation', () => {
  const result = reconcileInvoice(enrollment, invoice, DATA_POINTS);
  const byName = (last: string) => [...result.discrepancies, ...result.missing].filter((f) => f.last_name?.toUpperCase() === last);

  it('reads the invoice details from the title rows', () => {
    expect(result.totals).toMatchObject({ invoice_number: 'INV-20260101', billing_period: '2026-01', invoice_date: '2025-12-20' });
  });

  it('finds each billing error with its signed dollars and months', () => {
    expect(byName('BAKER')).toMatchObject([{ invoice_kind: 'PREMIUM_DIFFERS', amount: 230, months: ['2026-01'], suggested_type: 'COVERAGE_TIER', baseline_value: '1250.00', secondary_value: '1480.00' }]);
    expect(byName('COLE')).toMatchObject([{ invoice_kind: 'BILLED_NOT_ENROLLED', amount: 612.4, months: ['2026-01'], suggested_type: 'TERM' }]);
    expect(byName('ENG')).toMatchObject([{ invoice_kind: 'DUPLICATE_BILLING', kind: 'DUPLICATE', amount: 612.4 }]);
    expect(byName('HALE')).toMatchObject([{ invoice_kind: 'BILLED_NOT_ENROLLED', kind: 'MISSING_IN_BASELINE', amount: 612.4 }]);
    expect(byName('DUNN')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ invoice_kind: 'ENROLLED_NOT_BILLED', kind: 'MISSING_IN_SECONDARY', amount: -120, months: ['2026-01'] }),
        expect.objectContaining({ invoice_kind: 'ADJUSTMENT_MISMATCH', amount: -240, months: ['2025-11', '2025-12'] }),
      ]),
    );
    // Matching changes: a retro add for the months in force, a credit for the month after the term.
    expect(byName('FOX').filter((f) => f.invoice_kind !== 'ENROLLED_NOT_BILLED')).toEqual([]);
    expect(byName('GRAY')).toEqual([]);
    expect(byName('ABLE')).toEqual([]);
  });

  it('adds the findings up to the net, and checks the stated total against the lines', () => {
    const t = result.totals;
    const sum = [...result.discrepancies, ...result.missing].reduce((s, f) => s + Math.round(f.amount * 100), 0) / 100;
    expect(t.net).toBeCloseTo(sum, 10);
    expect(t.billed).toBe(6782.9);
    expect(t.lines_total).toBe(6782.9);
    expect(t.net).toBeCloseTo(t.over_billed - t.under_billed, 10);
    expect(t.by_kind.find((k) => k.kind === 'TOTAL_MISMATCH')).toBeUndefined();
    expect(t.lines).toMatchObject({ current: 7, adjustments: 3, subtotal_rows: 2 });
  });

  it('reports a stated total that differs from the lines', () => {
    const off = { ...invoice, rows: invoice.rows.map((r) => (r[1] === 'Total Amount Due' ? [...r.slice(0, 5), '$6,852.90'] : r)) };
    expect(reconcileInvoice(enrollment, off, DATA_POINTS).totals.by_kind).toContainEqual({ kind: 'TOTAL_MISMATCH', count: 1, amount: 70 });
  });

  it('names the column and rows of amounts that are not money, and a missing premium column', () => {
    const bad = { ...invoice, rows: invoice.rows.map((r, i) => (i === 2 ? [...r.slice(0, 4), 'N/A'] : r)) };
    expect(() => reconcileInvoice(enrollment, bad, DATA_POINTS)).toThrow(/'Current Premium' column has values that are not amounts in data row 3\b/);
    const noMoney = { columns: ['SSN', 'Member Name', 'Coverage Type'], rows: [['111-11-1111', 'ABLE, ANN', 'MED']] };
    expect(() => reconcileInvoice(enrollment, noMoney, [dp('ssn', 'SSN', 'SSN', true), dp('line', 'Benefit Type', 'Coverage Type')])).toThrow(InvoiceInputError);
  });

  it("matches by name when the bill's identifiers are the carrier's own member numbers", () => {
    const numbered = { ...invoice, rows: invoice.rows.map((r) => (/^\d{3}-/.test(r[0] ?? '') ? [`M${r[0]!.slice(-4)}`, ...r.slice(1)] : r)) };
    const found = reconcileInvoice(enrollment, numbered, DATA_POINTS);
    expect(found.totals.net).toBe(result.totals.net);
    expect([...found.discrepancies, ...found.missing].map((f) => f.invoice_kind).sort()).toEqual([...result.discrepancies, ...result.missing].map((f) => f.invoice_kind).sort());
  });

  it('finds nothing for a dependent priced on the employee row', () => {
    const withDependent = { ...enrollment, rows: [...enrollment.rows, ['111-11-1112', 'Al', 'Able', 'Medical', 'PPO 500', 'Employee Only', '01/01/2025', '', '0.00']] };
    expect(reconcileInvoice(withDependent, invoice, DATA_POINTS).totals.net).toBe(result.totals.net);
  });

  it('compares a bill of one line per member with the sum of the member\'s enrolled lines', () => {
    const perMember = {
      columns: ['SSN', 'Employee Name', 'Total Premium'],
      rows: [
        ['111-11-1111', 'ABLE, ANN', '653.50'],
        ['222-22-2222', 'BAKER, BOB', '1,250.00'],
        ['444-44-4444', 'DUNN, DI', '120.00'],
        ['555-55-5555', 'ENG, ED', '612.40'],
        ['666-66-6666', 'FOX, FLO', '600.00'],
        ['', 'Total', '3,235.90'],
      ],
      preamble: [['Billing Period: January 2026']],
    };
    const found = reconcileInvoice(enrollment, perMember, [dp('ssn', 'SSN', 'SSN', true), dp('premium', 'Monthly Premium', 'Total Premium')]);
    expect([...found.discrepancies, ...found.missing].map((f) => `${f.last_name} ${f.invoice_kind} ${f.amount}`)).toEqual(['Fox PREMIUM_DIFFERS -12.4']);
    expect(found.totals.by_kind.find((k) => k.kind === 'TOTAL_MISMATCH')).toBeUndefined();
  });

  it('matches members by name when the invoice carries no identifier', () => {
    const byNames = { ...invoice, columns: ['Member Name', 'Coverage Type', 'Tier', 'Current Premium'], rows: invoice.rows.slice(0, 8).map((r) => r.slice(1)) };
    const named = reconcileInvoice(enrollment, byNames, [dp('name', 'Last Name', 'Member Name', true), dp('premium', 'Monthly Premium', 'Current Premium')]);
    expect(named.missing.filter((m) => m.invoice_kind === 'BILLED_NOT_ENROLLED').map((m) => m.full_name)).toEqual(['HALE, HAL']);
  });
});
