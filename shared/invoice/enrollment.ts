import { dateParser, detectDateFormat } from '../dates';
import { billCents as parseCents } from './money';
import { cellAt, coverageOfRow, layoutOf, memberIdOfRow, type CoverageCells, type Layout, type SideNames } from './columns';
import { InvoiceInputError } from './list-bill';
import { nameKey, splitFullName } from '../compare/person-name';
import { monthOfDay, type Month } from './months';

/**
 * The baseline of an invoice reconciliation: the enrollment, one row per member and coverage line
 * with its expected monthly premium and the dates it runs between. A coverage is billable for a
 * month when it starts on or before the month's last day and ends on or after its first day: a
 * member terminated on the 15th is billed for that month and not for the next.
 */
export interface EnrollmentRow extends CoverageCells {
  row: number;
  memberId: string;
  idText: string;
  first: string;
  last: string;
  fullName: string;
  nameKey: string;
  cents: number;
  /** First and last billable month; null when the row does not say. */
  from: Month | null;
  to: Month | null;
}

export function billable(row: EnrollmentRow, month: Month): boolean {
  return (row.from === null || row.from <= month) && (row.to === null || row.to >= month);
}

const cell = cellAt;

function dateReader(rows: readonly (readonly string[])[], index: number | undefined): (raw: string) => Month | null {
  if (index === undefined) return () => null;
  const format = detectDateFormat(rows.map((r) => r[index] ?? ''), 0.8) ?? 'ISO';
  const parse = dateParser(format);
  return (raw) => {
    if (raw.trim() === '') return null;
    const day = parse(raw);
    return Number.isNaN(day) ? null : monthOfDay(day);
  };
}

/** Reads the enrollment; throws InvoiceInputError naming the premium column and rows when premiums are not amounts. */
export function readEnrollment(columns: readonly string[], rows: readonly (readonly string[])[], names: SideNames): { rows: EnrollmentRow[]; layout: Layout } {
  const layout = layoutOf(columns, names);
  if (layout.at.amount === undefined) {
    throw new InvoiceInputError(
      `The enrollment has no column of expected premiums (such as 'Monthly Premium' or 'Premium'): its columns are ${columns.map((c) => `'${c}'`).join(', ')}. Pair it with the invoice's amount in a data point.`,
    );
  }
  const effective = dateReader(rows, layout.at.effective);
  const term = dateReader(rows, layout.at.term);
  const out: EnrollmentRow[] = [];
  const notMoney: number[] = [];
  rows.forEach((row, index) => {
    const member = memberIdOfRow(row, layout);
    const fullName = cell(row, layout.at.full);
    const split = fullName ? splitFullName(fullName) : null;
    const first = cell(row, layout.at.first) || split?.first || '';
    const last = cell(row, layout.at.last) || split?.last || '';
    const amountRaw = cell(row, layout.at.amount);
    const cents = amountRaw === '' ? 0 : parseCents(amountRaw);
    if (!Number.isFinite(cents)) {
      notMoney.push(index);
      return;
    }
    out.push({
      row: index,
      memberId: member.id,
      idText: member.text,
      first,
      last,
      fullName,
      nameKey: nameKey(first, last),
      ...coverageOfRow(row, layout),
      cents,
      from: effective(cell(row, layout.at.effective)),
      to: term(cell(row, layout.at.term)),
    });
  });
  if (notMoney.length) {
    const listed = notMoney.slice(0, 10).map((r) => r + 1).join(', ') + (notMoney.length > 10 ? ` and ${notMoney.length - 10} more` : '');
    throw new InvoiceInputError(
      `The enrollment's '${columns[layout.at.amount]}' column has values that are not amounts in data row${notMoney.length === 1 ? '' : 's'} ${listed} (counted below the header). Correct them and run again.`,
    );
  }
  return { rows: out, layout };
}
