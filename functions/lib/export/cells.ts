/**
 * How a value becomes an Excel cell in the exports: dates as real date cells, money as 2-decimal
 * numbers, SSNs as text (leading zeros kept, formatted per export rule), and the rule by which text
 * that Excel could evaluate as a formula is escaped with a leading apostrophe (applied to every
 * cell by the workbook writer, ./xlsx-writer.ts).
 */
import { dateParser, detectDateFormat, isDateColumnName, parseNumber, recogniseColumn, round2, type DateFormat } from '../../../shared/compare';
import { applyFormattingRule, type ExportFormattingRule } from '../../../shared/files';

export type ColumnKind = 'date' | 'money' | 'ssn' | 'text';

export const DATE_NUM_FMT = 'mm/dd/yyyy';
export const DATETIME_NUM_FMT = 'mm/dd/yyyy hh:mm';
export const MONEY_NUM_FMT = '#,##0.00';

/** The kind of a column from its header (SPEC §3 recognition, §5 date terms). */
export function columnKindOf(header: string | null | undefined): ColumnKind {
  if (!header) return 'text';
  const role = recogniseColumn(header);
  if (role === 'ssn' || role === 'subscriber_ssn') return 'ssn';
  if (isDateColumnName(header)) return 'date';
  if (role === 'money' || role === 'benefit_amount') return 'money';
  return 'text';
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * Text Excel (or a CSV opened in it) would evaluate, prefixed with an apostrophe so it stays text:
 * anything starting with = + - @, a tab or a carriage return. A plain number such as '-12.50' is
 * not a formula and is left alone.
 */
export function escapeFormula(text: string): string {
  if (!FORMULA_START.test(text)) return text;
  if (PLAIN_NUMBER.test(text.trim())) return text;
  return `'${text}`;
}

export interface TypedCell {
  value: string | number | Date | null;
  numFmt?: string;
}

/** A date value as a UTC-midnight Date (exceljs writes whole-day serials for it), or null. */
export function toDate(value: unknown, format: DateFormat | null): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (value === null || value === undefined || value === '') return null;
  if (!format) return null;
  const day = dateParser(format)(String(value).trim());
  return Number.isFinite(day) ? new Date(day * 86_400_000) : null;
}

/** An SSN as text: a number a spreadsheet stored gets its leading zeros back; then the export rule. */
export function ssnText(value: unknown, rule: ExportFormattingRule | null | undefined): string {
  let text = typeof value === 'number' ? String(Math.trunc(value)) : String(value ?? '');
  if (typeof value === 'number' && /^\d{1,9}$/.test(text)) text = text.padStart(9, '0');
  return String(applyFormattingRule(rule ?? null, text) ?? '');
}

/** The cell for a value of a column of the given kind. Values that do not fit the kind are written as text (escaped by the writer, ./xlsx-writer.ts). */
export function typedCell(
  value: unknown,
  kind: ColumnKind,
  options: { dateFormat?: DateFormat | null; formattingRule?: ExportFormattingRule | null } = {},
): TypedCell {
  if (value === null || value === undefined || value === '') return { value: null };
  if (kind === 'ssn' || options.formattingRule) return { value: ssnText(value, options.formattingRule) };
  if (kind === 'date') {
    const date = toDate(value, options.dateFormat ?? null);
    if (date) return { value: date, numFmt: DATE_NUM_FMT };
  }
  if (kind === 'money') {
    const n = typeof value === 'number' ? value : parseNumber(String(value));
    if (Number.isFinite(n)) return { value: round2(n), numFmt: MONEY_NUM_FMT };
  }
  if (typeof value === 'number') return { value: Number.isFinite(value) ? value : String(value) };
  if (value instanceof Date) return { value, numFmt: DATE_NUM_FMT };
  if (typeof value === 'boolean') return { value: value ? 'Yes' : 'No' };
  return { value: String(value) };
}

/** Detects the date format of a column from sampled values (never row by row). */
export function detectColumnDateFormat(samples: Iterable<unknown>): DateFormat | null {
  const values: string[] = [];
  for (const s of samples) {
    if (s === null || s === undefined || s === '' || s instanceof Date) continue;
    values.push(String(s).trim());
  }
  return values.length ? detectDateFormat(values) : null;
}
