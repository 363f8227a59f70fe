import { billCents as parseCents } from './money';
import { cellAt, coverageOfRow, headerField, layoutOf, memberIdOfRow, type CoverageCells, type SideNames } from './columns';
import { nameKey, splitFullName } from '../compare/person-name';
import { parseDayToken, parsePeriod, periodOfBounds, type MonthPeriod } from './months';

/**
 * A carrier's list bill read as lines: current charges per member (and coverage), adjustment lines
 * naming a past period, subtotal and total rows, and the invoice's own details from the title rows
 * above the table. Carriers shape these freely, so the reader goes row by row: a one-cell row such
 * as 'ADJUSTMENTS' starts a section, a row of column names starts a sub-table with its own layout,
 * a row labelled 'Total' (with no member on it) is a total, and a row with a member and an amount
 * is a line.
 */
export type LineKind = 'current' | 'adjustment';

export interface InvoiceLine extends CoverageCells {
  /** 0-based data row of the parsed file (what results call a row index). */
  row: number;
  kind: LineKind;
  /** The identifier as compared (SSNs as nine digits), '' when the line has none. */
  memberId: string;
  /** The identifier as written, for the finding. */
  idText: string;
  fullName: string;
  first: string;
  last: string;
  nameKey: string;
  cents: number;
  /** The months the line names itself (an adjustment's period); null means the billing period. */
  period: MonthPeriod | null;
  adjustmentText: string;
}

export interface InvoiceDetailsRead {
  invoice_number: string | null;
  billing_period: MonthPeriod | null;
  invoice_date: string | null;
  /** 'Total Amount Due' written above the table. */
  total_due_cents: number | null;
}

export interface ListBill {
  lines: InvoiceLine[];
  /** The invoice's grand total row (or the amount due of its title rows), null when it states none. */
  stated_total_cents: number | null;
  /** Amounts on rows with no member (fees, unlabelled charges): part of the invoice, not of anyone's coverage. */
  other_cents: number;
  subtotal_rows: number;
  unplaced: { row: number; reason: string }[];
  details: InvoiceDetailsRead;
  /** The most common period named by current lines, when they name one. */
  line_period: MonthPeriod | null;
}

export class InvoiceInputError extends Error {}

const TOTAL_LABEL = /\b(sub ?-?totals?|totals?|amount due|balance due|total due)\b/i;
const GRAND_TOTAL = /\b(grand total|invoice total|total invoice|total (amount )?due|amount due|balance due|total billed|total premium due|total charges|statement total|total amount)\b/i;
const ADJUSTMENT_SECTION = /\b(adjustments?|retro(active)?|prior period|credits? and (debits|charges)|changes)\b/i;
const CURRENT_SECTION = /\b(current (charges|premium|billing|period|month)|premium charges|charges for|monthly premium)\b/i;
const ADJUSTMENT_WORDS = /\b(adj\w*|retro\w*|credit|refund|reinstat\w*|term\w*|add(ition)?|added|change|correction|revers\w*|back ?bill\w*|new hire)\b/i;
const CURRENT_WORDS = /^(current|regular|premium|monthly|billed|charge|billing|active)$/i;

const cell = cellAt;
const hasDigits = (s: string) => /\d/.test(s);

/** A row made of column names: most cells are labels a header rule knows, and none is an amount. */
function isHeaderRow(row: readonly string[], mainColumns: readonly string[]): boolean {
  const filled = row.filter((c) => c.trim() !== '');
  if (filled.length < 2) return false;
  if (filled.some((c) => hasDigits(c) && Number.isFinite(parseCents(c)))) return false;
  const known = new Set(mainColumns.map((c) => c.trim().toLowerCase()));
  const named = filled.filter((c) => known.has(c.trim().toLowerCase()) || headerField(c) !== null).length;
  return named >= Math.max(2, Math.ceil(0.6 * filled.length));
}

function readLabelValue(rows: readonly (readonly string[])[], label: RegExp): string | null {
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const text = (row[i] ?? '').trim();
      const m = text.match(label);
      if (!m) continue;
      const rest = text.slice((m.index ?? 0) + m[0].length).replace(/^\s*[:#.]?\s*/, '').trim();
      if (rest) return rest;
      const next = row.slice(i + 1).find((c) => c.trim() !== '');
      if (next) return next.trim();
    }
  }
  return null;
}

/** Invoice number, billing period, invoice date and amount due from the rows above the table. */
export function readPreamble(preamble: readonly (readonly string[])[]): InvoiceDetailsRead {
  const number = readLabelValue(preamble, /\b(invoice|bill|statement)\s*(number|no\.?|#|num)/i);
  const period = readLabelValue(preamble, /\b(billing|coverage|premium|invoice|statement)?\s*period\b|\bbilling month\b|\bcoverage month\b|\bfor the month of\b/i);
  const date = readLabelValue(preamble, /\b(invoice|bill|statement|billing)\s*date\b/i);
  const due = readLabelValue(preamble, /\b(total amount due|amount due|total due|balance due|invoice total)\b/i);
  const dueCents = due === null ? NaN : parseCents(due);
  return {
    invoice_number: number ? number.replace(/^#\s*/, '') : null,
    billing_period: period ? parsePeriod(period) : null,
    invoice_date: date ? parseDayToken(date) : null,
    total_due_cents: Number.isFinite(dueCents) ? dueCents : null,
  };
}

const MAX_LISTED_ROWS = 10;
const listRows = (rows: number[]) =>
  rows.slice(0, MAX_LISTED_ROWS).map((r) => r + 1).join(', ') + (rows.length > MAX_LISTED_ROWS ? ` and ${rows.length - MAX_LISTED_ROWS} more` : '');

/**
 * Reads the invoice. Throws InvoiceInputError, naming the column and rows, when no column holds the
 * billed amount or member lines carry amounts that are not money.
 */
export function readListBill(columns: readonly string[], rows: Iterable<readonly string[]>, names: SideNames, preamble: readonly (readonly string[])[] = []): ListBill {
  let layout = layoutOf(columns, names);
  let amountColumn = layout.at.amount === undefined ? null : columns[layout.at.amount]!;
  if (amountColumn === null) {
    throw new InvoiceInputError(
      `The invoice has no column of billed amounts (such as 'Premium', 'Current Premium', 'Amount' or 'Charges'): its columns are ${columns.map((c) => `'${c}'`).join(', ')}. Pair the enrollment's premium with the invoice's amount in a data point.`,
    );
  }
  const bill: ListBill = { lines: [], stated_total_cents: null, other_cents: 0, subtotal_rows: 0, unplaced: [], details: readPreamble(preamble), line_period: null };
  const notMoney = new Map<string, number[]>();
  const periodCounts = new Map<string, { period: MonthPeriod; n: number }>();
  let section: LineKind = 'current';
  let invoiceNumber: string | null = null;
  let invoiceDate: string | null = null;
  let index = -1;
  for (const row of rows) {
    index += 1;
    const filled = row.filter((c) => c.trim() !== '');
    if (filled.length === 0) continue;
    const amountRaw = cell(row, layout.at.amount);
    if (filled.length <= 2 && !(hasDigits(amountRaw) && Number.isFinite(parseCents(amountRaw)))) {
      const text = filled.join(' ');
      if (!TOTAL_LABEL.test(text)) {
        if (ADJUSTMENT_SECTION.test(text)) section = 'adjustment';
        else if (CURRENT_SECTION.test(text)) section = 'current';
        else bill.unplaced.push({ row: index, reason: 'a note without a member or an amount' });
        continue;
      }
    }
    if (isHeaderRow(row, columns)) {
      layout = layoutOf(row, names);
      if (layout.at.amount === undefined) layout = { ...layout, at: { ...layout.at, amount: layoutOf(columns, names).at.amount } };
      amountColumn = row[layout.at.amount!] ?? amountColumn;
      continue;
    }
    const member = memberIdOfRow(row, layout);
    const fullName = cell(row, layout.at.full);
    const split = fullName ? splitFullName(fullName) : null;
    const first = split?.first ?? cell(row, layout.at.first);
    const last = split?.last ?? cell(row, layout.at.last);
    const identityText = [member.text, fullName, first, last].join(' ');
    const labelledTotal = filled.some((c) => TOTAL_LABEL.test(c) && !hasDigits(c));
    if (labelledTotal && (member.id === '' || TOTAL_LABEL.test(identityText))) {
      const label = filled.find((c) => TOTAL_LABEL.test(c)) ?? '';
      const amount = hasDigits(amountRaw) ? parseCents(amountRaw) : parseCents([...filled].reverse().find((c) => hasDigits(c) && Number.isFinite(parseCents(c))) ?? '');
      if (GRAND_TOTAL.test(label) && !/sub/i.test(label) && Number.isFinite(amount)) bill.stated_total_cents = amount;
      else bill.subtotal_rows += 1;
      continue;
    }
    invoiceNumber ??= cell(row, layout.at.invoice_number) || null;
    invoiceDate ??= parseDayToken(cell(row, layout.at.invoice_date));
    const hasIdentity = member.id !== '' || nameKey(first, last) !== '';
    if (amountRaw === '') {
      bill.unplaced.push({ row: index, reason: hasIdentity ? 'a member without an amount' : 'a row without a member or an amount' });
      continue;
    }
    const cents = parseCents(amountRaw);
    if (!Number.isFinite(cents)) {
      notMoney.set(amountColumn, [...(notMoney.get(amountColumn) ?? []), index]);
      continue;
    }
    if (!hasIdentity) {
      bill.other_cents += cents;
      bill.unplaced.push({ row: index, reason: 'an amount without a member (a fee or a charge of the group)' });
      continue;
    }
    const periodText = cell(row, layout.at.period);
    const period = periodText ? parsePeriod(periodText) : periodOfBounds(cell(row, layout.at.period_from), cell(row, layout.at.period_to));
    const adjustmentText = cell(row, layout.at.adjustment);
    const saysAdjustment = adjustmentText !== '' && ADJUSTMENT_WORDS.test(adjustmentText) && !CURRENT_WORDS.test(adjustmentText);
    const kind: LineKind = section === 'adjustment' || saysAdjustment || cents < 0 ? 'adjustment' : 'current';
    if (kind === 'current' && period) {
      const key = `${period.start}/${period.end}`;
      const seen = periodCounts.get(key) ?? { period, n: 0 };
      seen.n += 1;
      periodCounts.set(key, seen);
    }
    bill.lines.push({
      row: index,
      kind,
      memberId: member.id,
      idText: member.text,
      fullName,
      first,
      last,
      nameKey: nameKey(first, last),
      ...coverageOfRow(row, layout),
      cents,
      period,
      adjustmentText,
    });
  }
  if (notMoney.size) {
    const where = [...notMoney].map(([column, rows]) => `'${column}' column has values that are not amounts in data row${rows.length === 1 ? '' : 's'} ${listRows(rows)}`);
    throw new InvoiceInputError(`The invoice's ${where.join('; its ')} (counted below the header). Correct them, or choose the column of billed amounts, and run again.`);
  }
  bill.details.invoice_number ??= invoiceNumber;
  bill.details.invoice_date ??= invoiceDate;
  if (bill.stated_total_cents === null && bill.details.total_due_cents !== null) bill.stated_total_cents = bill.details.total_due_cents;
  let best: { period: MonthPeriod; n: number } | null = null;
  for (const p of periodCounts.values()) if (!best || p.n > best.n) best = p;
  bill.line_period = best?.period ?? null;
  return bill;
}
