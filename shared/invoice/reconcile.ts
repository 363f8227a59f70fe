import { buildValueMapper } from '../compare/value-mapping';
import type {
  CompareDataPoint,
  ComparisonSummary,
  DataPointDiscrepancyRecord,
  MissingDiscrepancyRecord,
  ResolvedDataPointInfo,
  SuggestedType,
} from '../compare/types';
import { namesFromDataPoints } from './columns';
import { canonicalCoverage } from './coverage';
import { BilledLedgerBuilder, earlierBillingOf, NO_EARLIER_INVOICES, spreadCents, type BilledEntry, type EarlierInvoices } from './earlier-billing';
import { billable, readEnrollment, type EnrollmentRow } from './enrollment';
import type { InvoiceFindingKind } from './kinds';
import { InvoiceInputError, readListBill, type InvoiceLine } from './list-bill';
import { monthsOf, parseDayToken, parsePeriod, periodLabel, type Month } from './months';
import { retroPartsOfCurrentLines } from './retro-current';

/**
 * An invoice reconciliation: the carrier's list bill against the enrollment, in cents. Every
 * dollar of difference between what a line bills and what the enrollment expects for the months it
 * covers becomes one finding, so the findings add up to the invoice's net (billed − expected):
 *
 * - a current charge for no enrolled coverage, or for months after it ended: billed but not enrolled;
 * - an enrolled coverage the invoice does not bill for the billing period: enrolled but not billed;
 * - a current charge that differs from the enrolled premium for its months: premium differs
 *   (the tier or plan named when they differ);
 * - a second current charge of one member and line for the same months: billed twice;
 * - an adjustment that does not match an enrollment change: a retro charge is expected to bill the
 *   months the coverage was in force, a retro credit to return the months after it ended;
 * - a retro charge for an earlier month (an adjustment, or a current charge whose own period names
 *   months before the billing period) that the carrier's invoice of that month already billed for
 *   the member and coverage line: already billed (see docs/invoice-reconciliation.md for the dollars).
 *
 * The invoice's own arithmetic (its stated total against the sum of its lines) is checked apart.
 */
export interface InvoiceMoney {
  /** Signed dollars, billed − expected. */
  amount: number;
  months: Month[];
  invoice_kind: InvoiceFindingKind;
  /** The coverage line as the invoice (or, when it did not bill it, the enrollment) names it. */
  coverage_line: string | null;
}

export type InvoiceDiscrepancy = DataPointDiscrepancyRecord & InvoiceMoney;
export type InvoiceMissing = MissingDiscrepancyRecord & InvoiceMoney;

export interface InvoiceTotals {
  invoice_number: string | null;
  billing_period: string;
  billing_months: Month[];
  invoice_date: string | null;
  billed: number;
  expected: number;
  over_billed: number;
  under_billed: number;
  net: number;
  stated_total: number | null;
  lines_total: number;
  other_charges: number;
  by_plan: { plan: string; billed: number; expected: number; net: number }[];
  by_kind: { kind: InvoiceFindingKind; count: number; amount: number }[];
  lines: { current: number; adjustments: number; subtotal_rows: number; unplaced: number };
  /** Earlier months that retro charges bill and no reconciliation of the carrier has reconciled. */
  earlier_invoices_unknown: Month[];
}

export interface InvoiceReconciliation {
  discrepancies: InvoiceDiscrepancy[];
  missing: InvoiceMissing[];
  totals: InvoiceTotals;
  summary: ComparisonSummary;
  data_points: ResolvedDataPointInfo[];
  /** What this invoice billed, member by member and month by month, for the reconciliations of later invoices. */
  billed_ledger: BilledEntry[];
}

export interface InvoiceTable {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** Rows above the header (title, invoice number, billing period). */
  preamble?: readonly (readonly string[])[];
}

/** Invoice details entered on the comparison; each wins over what the file says. */
export interface EnteredInvoiceDetails {
  invoice_number?: string | null;
  billing_period?: string | null;
  invoice_date?: string | null;
}

const dollars = (cents: number) => Math.round(cents) / 100;
const money = (cents: number) => (cents / 100).toFixed(2);

interface Group {
  key: string;
  rows: EnrollmentRow[];
}

/** The monthly premium a group expects for a month: every row in force that month. */
const expectedFor = (rows: readonly EnrollmentRow[], month: Month) => rows.reduce((sum, r) => (billable(r, month) ? sum + r.cents : sum), 0);
/** The rate a month out of force would have cost: the latest row's premium. */
const lastRate = (rows: readonly EnrollmentRow[]) => [...rows].sort((a, b) => (b.from ?? '').localeCompare(a.from ?? ''))[0]?.cents ?? 0;

export function reconcileInvoice(
  baseline: InvoiceTable,
  invoice: InvoiceTable,
  dataPoints: readonly CompareDataPoint[],
  entered: EnteredInvoiceDetails = {},
  earlierInvoices: EarlierInvoices = NO_EARLIER_INVOICES,
): InvoiceReconciliation {
  const names = namesFromDataPoints(dataPoints);
  const premium = names.premium;
  if (!premium) {
    throw new InvoiceInputError(
      "None of the data points compares money: add one that pairs the enrollment's premium (such as 'Monthly Premium') with the invoice's billed amount (such as 'Current Premium') and run again.",
    );
  }
  const enrollment = readEnrollment(baseline.columns, baseline.rows, names.baseline).rows;
  const bill = readListBill(invoice.columns, invoice.rows, names.secondary, invoice.preamble ?? []);
  const period = (entered.billing_period ? parsePeriod(entered.billing_period) : null) ?? bill.details.billing_period ?? bill.line_period;
  if (!period) {
    throw new InvoiceInputError("The invoice's billing period could not be read from the file: enter it on the comparison (for example 2026-01) and run again.");
  }
  const billingMonths = monthsOf(period);
  const earlier = earlierBillingOf(earlierInvoices.ledgers.filter((l) => l.billing_months.length > 0 && l.billing_months.every((m) => m < billingMonths[0]!)));
  const keyOf = earlierInvoices.memberKey ?? ((key: string) => key);
  // The coverage data point's value mapping puts the carrier's words into the enrollment's.
  const mapCoverage = buildValueMapper(names.coverage?.data_mapping);
  if (mapCoverage) for (const line of bill.lines) line.coverage = canonicalCoverage(mapCoverage(line.coverageText));

  // Members by identifier, and by name for lines that carry none.
  const memberOf = (r: { memberId: string; nameKey: string }) => (r.memberId ? `id:${r.memberId}` : r.nameKey ? `name:${r.nameKey}` : '');
  const groups = new Map<string, Map<string, EnrollmentRow[]>>();
  const byName = new Map<string, string>();
  for (const row of enrollment) {
    const member = memberOf(row);
    if (!member) continue;
    if (row.nameKey && !byName.has(row.nameKey)) byName.set(row.nameKey, member);
    const lines = groups.get(member) ?? new Map<string, EnrollmentRow[]>();
    groups.set(member, lines);
    lines.set(row.coverage, [...(lines.get(row.coverage) ?? []), row]);
  }
  // Identifiers that do not meet (a carrier's own member numbers against SSNs) leave the names to
  // match on: when fewer than half of the bill's identifiers are enrolled but most of its names are.
  const withIds = bill.lines.filter((l) => l.memberId);
  const idsMeet = withIds.filter((l) => groups.has(`id:${l.memberId}`)).length;
  const namesMeet = withIds.filter((l) => l.nameKey && byName.has(l.nameKey)).length;
  const matchByName = withIds.length === 0 || (idsMeet < withIds.length / 2 && namesMeet > withIds.length / 2);
  const memberOfLine = (line: InvoiceLine) => {
    if (line.memberId && groups.has(`id:${line.memberId}`)) return `id:${line.memberId}`;
    if (!line.memberId || matchByName) return line.nameKey ? byName.get(line.nameKey) ?? null : null;
    return null;
  };
  // Every key a later invoice may find the member under: the enrolled member, and the bill's own id (else name).
  const memberKeys = (line: InvoiceLine) => {
    const keys = new Set<string>();
    const member = memberOfLine(line);
    if (member) keys.add(member);
    if (line.memberId) keys.add(`id:${line.memberId}`);
    else if (line.nameKey) keys.add(`name:${line.nameKey}`);
    return [...keys].map(keyOf);
  };
  const groupOf = (line: InvoiceLine): Group | null => {
    const member = memberOfLine(line);
    const lines = member ? groups.get(member) : undefined;
    if (!member || !lines) return null;
    const exact = lines.get(line.coverage);
    if (exact) return { key: `${member}#${line.coverage}`, rows: exact };
    if (line.coverage === '') return { key: `${member}#*`, rows: [...lines.values()].flat() };
    if (lines.size === 1 && lines.has('')) return { key: `${member}#`, rows: lines.get('')! };
    return null;
  };

  const discrepancies: InvoiceDiscrepancy[] = [];
  const missing: InvoiceMissing[] = [];
  let billed = 0;
  let expected = 0;
  const plans = new Map<string, { billed: number; expected: number }>();
  const addToPlan = (plan: string, b: number, e: number) => {
    const bucket = plans.get(plan) ?? { billed: 0, expected: 0 };
    bucket.billed += b;
    bucket.expected += e;
    plans.set(plan, bucket);
  };
  const planOf = (line: InvoiceLine | null, rows: readonly EnrollmentRow[] | null) =>
    rows?.[0]?.plan || rows?.[0]?.coverageText || line?.plan || line?.coverageText || 'No plan named';

  const person = (line: InvoiceLine | null, row: EnrollmentRow | null) => ({
    unique_identifier: row?.idText || line?.idText || [row?.last ?? line?.last, row?.first ?? line?.first].filter(Boolean).join(', '),
    first_name: row?.first || line?.first || null,
    last_name: row?.last || line?.last || null,
    full_name: line?.fullName || row?.fullName || null,
    relationship: null,
  });
  const discrepancy = (line: InvoiceLine, row: EnrollmentRow, kind: InvoiceFindingKind, expectedCents: number, billedCents: number, months: Month[], type: SuggestedType) => {
    const amount = dollars(billedCents - expectedCents);
    discrepancies.push({
      data_point_id: premium.id,
      baseline_row_index: row.row,
      secondary_row_index: line.row,
      baseline_value: money(expectedCents),
      secondary_value: money(billedCents),
      ...person(line, row),
      discrepancy_function_result: amount,
      suggested_type: type,
      amount,
      months,
      invoice_kind: kind,
      coverage_line: line.coverageText || row.coverageText || null,
    });
  };
  const missingAdjustment = (line: InvoiceLine, cents: number, months: Month[], kind: InvoiceFindingKind): InvoiceMissing => ({
    kind: 'MISSING_IN_BASELINE',
    baseline_row_index: null,
    secondary_row_index: line.row,
    duplicate_identifier_row_index: null,
    duplicate_side: null,
    ...person(line, null),
    amount: dollars(cents),
    months,
    invoice_kind: kind,
    coverage_line: line.coverageText || null,
  });
  const inForce = (rows: readonly EnrollmentRow[], month: Month) => rows.find((r) => billable(r, month)) ?? rows[0]!;

  // A current charge for months before the billing period is a retro charge for them.
  const billLines = retroPartsOfCurrentLines(bill.lines, billingMonths[0]!);
  const ledger = new BilledLedgerBuilder();
  for (const line of billLines) ledger.add(memberKeys(line), line.coverage, line.period ? monthsOf(line.period) : billingMonths, line.cents);

  // Current charges.
  const billedGroups = new Map<string, InvoiceLine[]>();
  const billedMembers = new Set<string>();
  let currentLines = 0;
  let adjustmentLines = 0;
  let matched = 0;
  for (const line of billLines) {
    if (line.kind !== 'current') continue;
    currentLines += 1;
    const months = line.period ? monthsOf(line.period) : billingMonths;
    const group = groupOf(line);
    billed += line.cents;
    if (!group) {
      addToPlan(planOf(line, null), line.cents, 0);
      missing.push({
        kind: 'MISSING_IN_BASELINE',
        baseline_row_index: null,
        secondary_row_index: line.row,
        duplicate_identifier_row_index: null,
        duplicate_side: null,
        ...person(line, null),
        amount: dollars(line.cents),
        months,
        invoice_kind: 'BILLED_NOT_ENROLLED',
        coverage_line: line.coverageText || null,
      });
      continue;
    }
    const earlier = (billedGroups.get(group.key) ?? []).find((prior) => {
      const priorMonths = prior.period ? monthsOf(prior.period) : billingMonths;
      return priorMonths.some((m) => months.includes(m));
    });
    if (earlier) {
      addToPlan(planOf(line, group.rows), line.cents, 0);
      missing.push({
        kind: 'DUPLICATE',
        baseline_row_index: group.rows[0]!.row,
        secondary_row_index: earlier.row,
        duplicate_identifier_row_index: line.row,
        duplicate_side: 'SECONDARY',
        ...person(line, group.rows[0]!),
        amount: dollars(line.cents),
        months,
        invoice_kind: 'DUPLICATE_BILLING',
        coverage_line: line.coverageText || null,
      });
      continue;
    }
    matched += 1;
    billedGroups.set(group.key, [...(billedGroups.get(group.key) ?? []), line]);
    billedMembers.add(group.key.slice(0, group.key.indexOf('#')));
    const active = months.filter((m) => group.rows.some((r) => billable(r, m)));
    const inactive = months.filter((m) => !active.includes(m));
    const expectedCents = active.reduce((sum, m) => sum + expectedFor(group.rows, m), 0);
    const inactiveCents = inactive.length ? Math.round((line.cents * inactive.length) / months.length) : 0;
    const activeCents = line.cents - inactiveCents;
    expected += expectedCents;
    addToPlan(planOf(line, group.rows), line.cents, expectedCents);
    if (inactive.length && inactiveCents !== 0) {
      discrepancy(line, group.rows[group.rows.length - 1]!, 'BILLED_NOT_ENROLLED', 0, inactiveCents, inactive, 'TERM');
    }
    if (active.length && activeCents !== expectedCents) {
      const row = inForce(group.rows, active[0]!);
      const type: SuggestedType = line.tier && row.tier && line.tier !== row.tier ? 'COVERAGE_TIER' : line.plan && row.plan && canonicalCoverage(line.plan) !== canonicalCoverage(row.plan) && line.plan.toLowerCase() !== row.plan.toLowerCase() ? 'WRONG_PLAN' : 'COST';
      discrepancy(line, row, 'PREMIUM_DIFFERS', expectedCents, activeCents, active, type);
    }
  }

  // Enrolled coverage the invoice does not bill.
  for (const [member, lines] of groups) {
    if (billedGroups.has(`${member}#*`)) continue;
    for (const [coverage, rows] of lines) {
      if (billedGroups.has(`${member}#${coverage}`) || (coverage === '' && billedGroups.has(`${member}#`))) continue;
      const months = billingMonths.filter((m) => rows.some((r) => billable(r, m)));
      const expectedCents = months.reduce((sum, m) => sum + expectedFor(rows, m), 0);
      // A covered dependent priced on the employee's row costs nothing of its own: nothing to bill.
      if (months.length === 0 || expectedCents === 0) continue;
      expected += expectedCents;
      addToPlan(planOf(null, rows), 0, expectedCents);
      const row = inForce(rows, months[0]!);
      missing.push({
        kind: 'MISSING_IN_SECONDARY',
        baseline_row_index: row.row,
        secondary_row_index: null,
        duplicate_identifier_row_index: null,
        duplicate_side: null,
        ...person(null, row),
        amount: dollars(-expectedCents),
        months,
        invoice_kind: 'ENROLLED_NOT_BILLED',
        coverage_line: row.coverageText || null,
      });
    }
  }

  // Adjustments: a retro charge bills months in force, a retro credit returns months out of force.
  // A retro charge for a month before this invoice's that an earlier invoice already billed is owed
  // only up to what the enrollment expects beyond what was billed; the rest, up to what was billed,
  // is billed again.
  const unknownMonths = new Set<Month>();
  // A rebill credits what an earlier invoice billed for a month and charges the month again: its
  // credit, up to what was billed, is expected, and its charge is judged on what then stands billed.
  const monthsOfLine = (line: InvoiceLine) => (line.period ? monthsOf(line.period) : billingMonths);
  const thisInvoice = { charges: new BilledLedgerBuilder(), credits: new BilledLedgerBuilder() };
  for (const line of billLines) {
    if (line.kind === 'adjustment') (line.cents < 0 ? thisInvoice.credits : thisInvoice.charges).add(memberKeys(line), line.coverage, monthsOfLine(line), line.cents);
  }
  const charged = earlierBillingOf([{ billing_months: [], lines: thisInvoice.charges.lines() }]);
  const credited = earlierBillingOf([{ billing_months: [], lines: thisInvoice.credits.lines() }]);
  const reversed = (keys: readonly string[], coverage: string, month: Month) => {
    if (month >= billingMonths[0]! || charged.billed(keys, coverage, month) <= 0) return 0;
    return Math.min(-credited.billed(keys, coverage, month), Math.max(0, earlier.billed(keys, coverage, month)));
  };
  for (const line of billLines) {
    if (line.kind !== 'adjustment') continue;
    adjustmentLines += 1;
    const months = line.period ? monthsOf(line.period) : billingMonths;
    const group = groupOf(line);
    billed += line.cents;
    let expectedCents = 0;
    let againCents = 0;
    const againMonths: Month[] = [];
    if (line.cents >= 0) {
      const keys = memberKeys(line);
      const shares = spreadCents(line.cents, months.length);
      months.forEach((month, i) => {
        const enrolled = group ? expectedFor(group.rows, month) : 0;
        if (month >= billingMonths[0]! || keys.length === 0) {
          expectedCents += enrolled;
          return;
        }
        // Billed before by that month's invoice, or by an earlier invoice's retro line for the month.
        const before = Math.max(0, earlier.billed(keys, line.coverage, month) - Math.max(0, reversed(keys, line.coverage, month)));
        if (!earlier.knows(month) && before === 0) {
          unknownMonths.add(month);
          expectedCents += enrolled;
        } else {
          const owed = Math.max(0, enrolled - before);
          const again = Math.min(before, Math.max(0, shares[i]! - owed));
          expectedCents += owed;
          if (again > 0) {
            againCents += again;
            againMonths.push(month);
          }
        }
      });
    } else if (!group) expectedCents = line.cents;
    else {
      const keys = memberKeys(line);
      const shares = spreadCents(line.cents, months.length);
      expectedCents = -months.filter((m) => !group.rows.some((r) => billable(r, m))).length * lastRate(group.rows);
      // Each month in force that this invoice charges again: the credit reverses what was billed.
      months.forEach((month, i) => {
        if (group.rows.some((r) => billable(r, month))) expectedCents -= Math.min(-shares[i]!, Math.max(0, reversed(keys, line.coverage, month)));
      });
    }
    expected += expectedCents;
    addToPlan(planOf(line, group?.rows ?? null), line.cents, expectedCents);
    if (againCents > 0) {
      if (group) discrepancy(line, group.rows[0]!, 'RETRO_ALREADY_BILLED', 0, againCents, againMonths, 'COST');
      else missing.push(missingAdjustment(line, againCents, againMonths, 'RETRO_ALREADY_BILLED'));
    }
    const restCents = line.cents - againCents;
    if (restCents === expectedCents) continue;
    if (group) {
      discrepancy(line, group.rows[0]!, 'ADJUSTMENT_MISMATCH', expectedCents, restCents, months, line.cents < 0 ? 'TERM' : 'COST');
    } else {
      missing.push(missingAdjustment(line, restCents - expectedCents, months, 'ADJUSTMENT_MISMATCH'));
    }
  }

  const all: InvoiceMoney[] = [...discrepancies, ...missing];
  const cents = (x: number) => Math.round(x * 100);
  const kinds = new Map<InvoiceFindingKind, { count: number; amount: number }>();
  for (const f of all) {
    const k = kinds.get(f.invoice_kind) ?? { count: 0, amount: 0 };
    k.count += 1;
    k.amount += cents(f.amount);
    kinds.set(f.invoice_kind, k);
  }
  const linesTotal = bill.lines.reduce((sum, l) => sum + l.cents, 0) + bill.other_cents;
  if (bill.stated_total_cents !== null && bill.stated_total_cents !== linesTotal) {
    kinds.set('TOTAL_MISMATCH', { count: 1, amount: bill.stated_total_cents - linesTotal });
  }
  const over = all.reduce((sum, f) => (f.amount > 0 ? sum + cents(f.amount) : sum), 0);
  const under = all.reduce((sum, f) => (f.amount < 0 ? sum - cents(f.amount) : sum), 0);
  const byType: Record<string, number> = {};
  for (const d of discrepancies) byType[d.suggested_type ?? 'UNCLASSIFIED'] = (byType[d.suggested_type ?? 'UNCLASSIFIED'] ?? 0) + 1;
  const invoiceDate = (entered.invoice_date ? parseDayToken(entered.invoice_date) : null) ?? bill.details.invoice_date;

  return {
    discrepancies,
    missing,
    totals: {
      invoice_number: entered.invoice_number?.trim() || bill.details.invoice_number,
      billing_period: periodLabel(period),
      billing_months: billingMonths,
      invoice_date: invoiceDate,
      billed: dollars(billed),
      expected: dollars(expected),
      over_billed: dollars(over),
      under_billed: dollars(under),
      net: dollars(billed - expected),
      stated_total: bill.stated_total_cents === null ? null : dollars(bill.stated_total_cents),
      lines_total: dollars(linesTotal),
      other_charges: dollars(bill.other_cents),
      by_plan: [...plans.entries()]
        .map(([plan, p]) => ({ plan, billed: dollars(p.billed), expected: dollars(p.expected), net: dollars(p.billed - p.expected) }))
        .sort((a, b) => a.plan.localeCompare(b.plan)),
      by_kind: [...kinds.entries()].map(([kind, k]) => ({ kind, count: k.count, amount: dollars(k.amount) })),
      lines: { current: currentLines, adjustments: adjustmentLines, subtotal_rows: bill.subtotal_rows, unplaced: bill.unplaced.length },
      earlier_invoices_unknown: [...unknownMonths].sort(),
    },
    summary: {
      baseline_rows: baseline.rows.length,
      secondary_rows: invoice.rows.length,
      matched_rows: matched,
      missing_in_secondary: missing.filter((m) => m.kind === 'MISSING_IN_SECONDARY').length,
      missing_in_baseline: missing.filter((m) => m.kind === 'MISSING_IN_BASELINE').length,
      duplicates_in_baseline: 0,
      duplicates_in_secondary: missing.filter((m) => m.kind === 'DUPLICATE').length,
      blank_identifier_baseline: 0,
      blank_identifier_secondary: 0,
      discrepancies: discrepancies.length,
      discrepancies_by_data_point: discrepancies.length ? { [premium.id]: discrepancies.length } : {},
      discrepancies_by_type: byType,
    },
    data_points: dataPoints.map((dp) => ({ id: dp.id, value_kind: dp.id === premium.id ? 'number' : 'text', baseline_date_format: null, secondary_date_format: null })),
    billed_ledger: ledger.lines(),
  };
}

export { InvoiceInputError };
