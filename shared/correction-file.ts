/**
 * The correction file for the carrier, pure: from a completed comparison's decided findings, the
 * lines the carrier has to add, change or terminate, in the carrier file's own columns and
 * vocabulary. Only findings whose decision says the carrier is wrong count:
 * - a discrepancy resolved with a type of CARRIER_WRONG_TYPES (not ignored) changes the carrier's
 *   row to the right value (the resolved value, else the baseline's), translated back through the
 *   data point's value mapping and written in the carrier column's date format; TERM and
 *   DROPPED_COVERAGE_AT_OE make the line a termination;
 * - a row only in the baseline that was included (enrolled, not at the carrier) is an addition,
 *   its cells the baseline's through the data points;
 * - a row only at the carrier that was excluded (billed, not enrolled) is a termination.
 * See docs/merge-export.md.
 */
import { buildValueMapper } from './compare/value-mapping';
import { normaliseText } from './compare/text';
import type { Cell, ValueMapping } from './compare/types';
import { columnRole } from './columns';
import { DATE_FORMATS, dateParser, detectDateFormat, formatDate, type ColumnDateFormat, DateFormat } from './dates';
import { DiscrepancyType } from './discrepancies';
import { missingKindOf, type DataPointDiscrepancy, type MissingDiscrepancy } from './resolution';

/** Resolution types that say the carrier's record is what is wrong. */
export const CARRIER_WRONG_TYPES: ReadonlySet<string> = new Set<DiscrepancyType>([
  'COST',
  'COVERAGE_TIER',
  'WRONG_PLAN',
  'NAME_MISMATCH',
  'DOB_MISMATCH',
  'GENDER_MISMATCH',
  'TERM',
  'MISSING_ENROLLMENT',
  'BENEFIT_AMOUNT',
  'DROPPED_COVERAGE_AT_OE',
]);
const TERMINATING: ReadonlySet<string> = new Set(['TERM', 'DROPPED_COVERAGE_AT_OE']);
/** A missing row decided with one of these is no work for the carrier (a COBRA member, a timing gap, a duplicate). */
const NOT_FOR_THE_CARRIER: ReadonlySet<string> = new Set(['IGNORE', 'DUPLICATE', 'COBRA', 'TIMING_ISSUE', 'EOI_PENDING', 'ROUNDING', 'CONFIRMED']);

export type CorrectionAction = 'ADD' | 'CHANGE' | 'TERMINATE';
export const CORRECTION_ACTION_LABELS: Readonly<Record<CorrectionAction, string>> = { ADD: 'Add', CHANGE: 'Change', TERMINATE: 'Terminate' };

export interface CorrectionDataPoint {
  id: string;
  baseline_column_name: string;
  secondary_column_name: string;
  data_mapping?: ValueMapping | null;
  date_format?: ColumnDateFormat | { baseline?: ColumnDateFormat | null; secondary?: ColumnDateFormat | null } | null;
}

export interface CorrectionLine {
  action: CorrectionAction;
  /** The carrier file's columns, corrected. */
  cells: string[];
  /** Positions of the cells this line sets. */
  changed: number[];
  /** 'Coverage: EE → FAM', one per changed cell. */
  changes: string[];
  /** The findings' types and notes. */
  reason: string;
  /** Where the line comes from: the carrier row, else the baseline row. */
  carrierRow: number | null;
  baselineRow: number | null;
  /** A termination's end date as written in the file (also when the carrier's layout has no term column). */
  term: string;
}

export interface CorrectionInput {
  carrierColumns: readonly string[];
  baselineColumns: readonly string[];
  dataPoints: readonly CorrectionDataPoint[];
  discrepancies: Iterable<DataPointDiscrepancy>;
  missing: Iterable<MissingDiscrepancy>;
  carrierRow(index: number): readonly Cell[] | undefined;
  baselineRow(index: number): readonly Cell[] | undefined;
  /** When the findings were decided, for a termination whose date no cell gives. */
  today: Date;
}

const text = (v: Cell) => (v === null || v === undefined ? '' : String(v).trim());
const columnAt = (columns: readonly string[], name: string) => {
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  return columns.findIndex((c) => c.trim().toLowerCase() === wanted);
};

/** A mapping read backwards: the baseline's word → the first carrier word that maps to it. */
function reverseMapper(mapping: ValueMapping | null | undefined): (value: string) => string {
  if (!mapping?.fields.length) return (v) => v;
  const sources = new Map<string, string>();
  for (const { source, target } of mapping.fields) {
    const key = normaliseText(target);
    if (!sources.has(key)) sources.set(key, source);
  }
  const forward = buildValueMapper(mapping);
  return (value) => {
    // A value already in the carrier's words stays as it is.
    if (forward && normaliseText(forward(value)) !== normaliseText(value)) return value;
    return sources.get(normaliseText(value)) ?? value;
  };
}

function sideFormat(point: CorrectionDataPoint, side: 'baseline' | 'secondary'): ColumnDateFormat | null {
  const f = point.date_format;
  if (!f) return null;
  return typeof f === 'string' ? f : (f[side] ?? null);
}

/** A day written in a column's format (SPEC formats; ISO and serials as yyyy-MM-dd). */
function writeDay(day: number, format: ColumnDateFormat | null): string {
  const date = new Date(day * 86_400_000);
  const local = new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return format && DateFormat.is(format) ? formatDate(local, format) : formatDate(local, 'MM/dd/yyyy');
}

function readDay(value: string, format: ColumnDateFormat | null): number {
  const f = format ?? detectDateFormat([value]);
  return f ? dateParser(f)(value) : NaN;
}

const isDatePoint = (point: CorrectionDataPoint) =>
  !!point.date_format || ['dob', 'hire_date', 'term_date'].includes(columnRole(point.secondary_column_name) ?? '') || /\bdate\b/i.test(point.secondary_column_name);

/** A baseline-side value in the carrier's words and date format (the carrier's own cell shows its format when none is stored). */
function toCarrier(point: CorrectionDataPoint, value: string, carrierCell: string): string {
  if (!value) return '';
  if (isDatePoint(point)) {
    const day = readDay(value, sideFormat(point, 'baseline'));
    if (Number.isNaN(day)) return value;
    const target = sideFormat(point, 'secondary') ?? (carrierCell ? detectDateFormat([carrierCell]) : null);
    return writeDay(day, target && (DATE_FORMATS as readonly string[]).includes(target) ? target : null);
  }
  return reverseMapper(point.data_mapping)(value);
}

const typeLabel = (type: string | null | undefined) => (type ? DiscrepancyType.label(type) : '');
const because = (what: string, type: string | null | undefined, notes: string | null | undefined) =>
  [what, typeLabel(type), text(notes ?? null)].filter(Boolean).join(': ');

/** The last day of the month before `at`'s: a termination a finding decides without a date. */
export function defaultTermDay(at: Date): number {
  return Math.floor(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1) / 86_400_000) - 1;
}

export function planCorrections(input: CorrectionInput): CorrectionLine[] {
  const width = input.carrierColumns.length;
  const pointById = new Map(input.dataPoints.map((p) => [p.id, p]));
  const termAt = input.carrierColumns.findIndex((c) => columnRole(c) === 'term_date');
  const changes = new Map<number, CorrectionLine>();
  const lines: CorrectionLine[] = [];

  const setCell = (line: CorrectionLine, at: number, value: string) => {
    if (at < 0) return;
    const before = line.cells[at] ?? '';
    if (before === value && line.action !== 'ADD') return;
    line.cells[at] = value;
    if (!line.changed.includes(at)) line.changed.push(at);
    line.changes.push(line.action === 'ADD' ? `${input.carrierColumns[at]}: ${value}` : `${input.carrierColumns[at]}: ${before || '(empty)'} → ${value || '(empty)'}`);
  };
  const termDate = (line: CorrectionLine) => {
    const written = termAt >= 0 ? (line.cells[termAt] ?? '') : '';
    line.term = written || writeDay(defaultTermDay(input.today), detectDateFormat(lineDates(line)) ?? 'MM/dd/yyyy');
    if (!written) setCell(line, termAt, line.term);
  };
  const lineDates = (line: CorrectionLine) =>
    input.carrierColumns.map((c, i) => (/date|dob|birth/i.test(c) ? line.cells[i] : '')).filter((v): v is string => !!v);

  for (const d of input.discrepancies) {
    const type = d.resolved_discrepancy_type ?? '';
    if (!CARRIER_WRONG_TYPES.has(type) || d.resolved_ignore === true) continue;
    const point = pointById.get(d.data_point_id);
    const row = input.carrierRow(d.secondary_row_index);
    if (!point || !row) continue;
    const at = columnAt(input.carrierColumns, point.secondary_column_name);
    const carrierValue = at >= 0 ? text(row[at]) : text(d.secondary_value ?? null);
    const right = text(d.resolved_value ?? null) || text(d.baseline_value ?? null);
    const value = toCarrier(point, right, carrierValue);
    const terminating = TERMINATING.has(type);
    if (value === carrierValue && !terminating) continue;
    let line = changes.get(d.secondary_row_index);
    if (!line) {
      line = { action: 'CHANGE', cells: Array.from({ length: width }, (_, i) => text(row[i])), changed: [], changes: [], reason: '', carrierRow: d.secondary_row_index, baselineRow: d.baseline_row_index, term: '' };
      changes.set(d.secondary_row_index, line);
    }
    if (terminating) line.action = 'TERMINATE';
    setCell(line, at, value);
    line.reason = [line.reason, because(point.secondary_column_name, type, d.resolved_notes)].filter(Boolean).join('; ');
  }
  for (const line of [...changes.values()].sort((a, b) => (a.carrierRow ?? 0) - (b.carrierRow ?? 0))) {
    if (line.action === 'TERMINATE') termDate(line);
    lines.push(line);
  }

  for (const m of input.missing) {
    const type = m.resolved_discrepancy_type ?? null;
    if (type && NOT_FOR_THE_CARRIER.has(type)) continue;
    const kind = missingKindOf(m);
    if (kind === 'MISSING_IN_SECONDARY' && m.resolved_inclusion === true && typeof m.baseline_row_index === 'number') {
      const row = input.baselineRow(m.baseline_row_index);
      if (!row) continue;
      const line: CorrectionLine = { action: 'ADD', cells: new Array<string>(width).fill(''), changed: [], changes: [], reason: because('Enrolled, not at the carrier', type, m.resolved_notes), carrierRow: null, baselineRow: m.baseline_row_index, term: '' };
      for (const point of input.dataPoints) {
        const at = columnAt(input.carrierColumns, point.secondary_column_name);
        const from = columnAt(input.baselineColumns, point.baseline_column_name);
        if (at < 0 || from < 0 || line.changed.includes(at)) continue;
        const value = toCarrier(point, text(row[from]), '');
        if (value) setCell(line, at, value);
      }
      lines.push(line);
    } else if (kind === 'MISSING_IN_BASELINE' && m.resolved_inclusion === false && typeof m.secondary_row_index === 'number') {
      const row = input.carrierRow(m.secondary_row_index);
      if (!row) continue;
      const line: CorrectionLine = {
        action: 'TERMINATE',
        cells: Array.from({ length: width }, (_, i) => text(row[i])),
        changed: [],
        changes: [],
        reason: because('At the carrier, not enrolled', type, m.resolved_notes),
        carrierRow: m.secondary_row_index,
        baselineRow: null,
        term: '',
      };
      termDate(line);
      lines.push(line);
    }
  }
  return lines;
}
