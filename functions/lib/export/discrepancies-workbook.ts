/**
 * The DISCREPANCIES export: Summary first, then every discrepancy and every missing or
 * duplicate row (never a sample), streamed. See docs/merge-export.md.
 */
import type { Writable } from 'node:stream';
import { AuditType, ComparisonType } from '../../../shared/comparisons';
import type { DateFormat } from '../../../shared/compare';
import type { Cell } from '../../../shared/compare/types';
import { memberValue, missingMemberRows, type MemberColumn } from '../../../shared/export-member-columns';
import type { FileType } from '../../../shared/files';
import { DiscrepancyType } from '../../../shared/discrepancies';
import { sincePreviousLabel } from '../../../shared/changes-since';
import {
  isMissingDecided,
  missingKindOf,
  resolutionStatus,
  type DataPointDiscrepancy,
  type MissingDiscrepancy,
  type MissingKind,
} from '../../../shared/resolution';
import { columnKindOf, DATETIME_NUM_FMT, detectColumnDateFormat, typedCell, type ColumnKind, type TypedCell } from './cells';
import { CreditRequest } from './credit-request';
import { HIGHLIGHT_FILL, openStreamingWorkbook, SummaryWriter, writeTypedRow, yieldToEventLoop } from './workbook';

export interface ExportComparison {
  id?: string;
  name: string;
  audit_type?: string | null;
  type?: string | null;
  /** When the compare ran (else updated_at is shown). */
  run_date?: string | Date | null;
  updated_at?: string | null;
  company_name?: string | null;
  /** An invoice reconciliation's totals (its run summary): the export adds the Credit Request sheet. */
  invoice?: {
    invoice_number: string | null;
    billing_period: string;
    invoice_date: string | null;
    billed: number;
    expected: number;
    over_billed: number;
    under_billed: number;
    net: number;
    /** Earlier months retro charges bill that no reconciliation of the carrier covers. */
    earlier_invoices_unknown?: string[];
  } | null;
}

export interface ExportDataPoint {
  id: string;
  baseline_column_name: string;
  secondary_column_name: string;
  is_unique_identifier?: boolean;
  /** A date data point's formats when known (DataPoint.date_format, or the run's detected ones). */
  date_format?: DateFormat | { baseline?: DateFormat | null; secondary?: DateFormat | null } | null;
}

export type UserNames = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

export interface DiscrepanciesWorkbookInput {
  comparison: ExportComparison;
  dataPoints: readonly ExportDataPoint[];
  discrepancies: AsyncIterable<DataPointDiscrepancy> | Iterable<DataPointDiscrepancy>;
  missing: AsyncIterable<MissingDiscrepancy> | Iterable<MissingDiscrepancy>;
  users: UserNames;
  /**
   * A compare-only audit's export columns: they replace the member columns (identifier, names,
   * relationship) of both detail sheets, in the plan's order and headers, with its SSN rules.
   */
  members?: ExportMembers;
  /** Defaults to now. */
  generatedAt?: Date;
}

export interface ExportMembers {
  columns: readonly MemberColumn[];
  /** Whether the Unique Identifier column stays (the plan lacks an identifier column), and its cell's SSN rules. */
  identifier: { keep: boolean; format(identifier: string | null | undefined): string | null };
  /** The rows the sheets point at, by 0-based data-row index (only those: the files are not held whole). */
  baselineRows: ReadonlyMap<number, readonly Cell[]>;
  secondaryRows: ReadonlyMap<number, readonly Cell[]>;
}

export interface WorkbookCounts {
  discrepancies: number;
  missing: number;
}

export const DISCREPANCY_HEADERS = [
  'Unique Identifier',
  'First Name',
  'Last Name',
  'Full Name',
  'Relationship',
  'Data Point',
  'Baseline Row',
  'Carrier Row',
  'Baseline Value',
  'Carrier Value',
  'Calculation Result',
  'Suggested Type',
  'Status',
  'Discrepancy Type',
  'Resolved Value',
  'Notes',
  'Verifier Notes',
  'Skip Verification',
  'Resolved By',
  'Resolved Date',
  'Since Previous Audit',
] as const;

export const MISSING_HEADERS = [
  'Kind',
  'Unique Identifier',
  'First Name',
  'Last Name',
  'Full Name',
  'Relationship',
  'Baseline Row',
  'Carrier Row',
  'Duplicate Row',
  'Decision',
  'Discrepancy Type',
  'Notes',
  'Verifier Notes',
  'Decided By',
  'Decided Date',
  'Since Previous Audit',
] as const;

/** What the run stored of a finding against the previous audit of the company carrier. */
type SincePrevious = { change_status?: string | null; first_seen_at?: string | null };

export const MISSING_KIND_LABELS: Record<MissingKind, string> = {
  MISSING_IN_SECONDARY: 'Only in baseline (enrolled, not at carrier)',
  MISSING_IN_BASELINE: 'Only at carrier (billed, not enrolled)',
  DUPLICATE: 'Duplicate identifier',
};

/** How many discrepancies are read before any is written, to tell each date data point's format. */
export const DATE_SAMPLE_ROWS = 1000;

function nameOf(users: UserNames, id: string | null | undefined): string | null {
  if (!id) return null;
  const name = users instanceof Map ? users.get(id) : (users as Record<string, string>)[id];
  return name || id;
}

/** Timestamps as date-time cells; anything unreadable as text. */
function timestampCell(value: string | Date | null | undefined): TypedCell {
  if (!value) return { value: null };
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? typedCell(String(value), 'text') : { value: d, numFmt: DATETIME_NUM_FMT };
}

const text = (v: unknown): TypedCell => typedCell(v, 'text');
/** An identifier is written as text; one made of digits is an SSN-like id (leading zeros kept). */
const identifierCell = (v: unknown): TypedCell => typedCell(v, typeof v === 'number' || /^[\d\s-]+$/.test(String(v ?? '')) ? 'ssn' : 'text');
/** 0-based data-row index → 1-based row number among the data rows (header excluded). */
const rowNumber = (i: number | null | undefined): TypedCell => (i === null || i === undefined ? { value: null } : { value: i + 1 });

const MEMBER_HEADERS = ['Unique Identifier', 'First Name', 'Last Name', 'Full Name', 'Relationship'] as const;
/** The member columns' sample for date formats, per side. */
const MEMBER_DATE_SAMPLE = 500;

interface MemberLayout {
  headers: string[];
  widths: number[];
  cells(identifier: string | null | undefined, baseline: number | null | undefined, secondary: number | null | undefined, fallback: TypedCell[]): TypedCell[];
}

/** The member part of a detail row: the fixed five columns, or the export columns' plan. */
function memberLayout(members: ExportMembers | undefined): MemberLayout {
  if (!members) return { headers: [...MEMBER_HEADERS], widths: [16, 14, 14, 20, 12], cells: (_i, _b, _s, fallback) => fallback };
  const sample = (rows: ReadonlyMap<number, readonly Cell[]>, at: number) => {
    const values: Cell[] = [];
    if (at < 0) return values;
    for (const row of rows.values()) {
      if (values.length >= MEMBER_DATE_SAMPLE) break;
      values.push(row[at] ?? null);
    }
    return values;
  };
  const columns = members.columns.map((c) => {
    const kind = columnKindOf(c.column_name);
    const formats: Record<FileType, DateFormat | null> =
      kind === 'date'
        ? { BASELINE: detectColumnDateFormat(sample(members.baselineRows, c.baseline_at)), SECONDARY: detectColumnDateFormat(sample(members.secondaryRows, c.secondary_at)) }
        : { BASELINE: null, SECONDARY: null };
    return { ...c, kind, formats };
  });
  const keep = members.identifier.keep;
  return {
    headers: [...(keep ? ['Unique Identifier'] : []), ...columns.map((c) => c.header)],
    widths: [...(keep ? [16] : []), ...columns.map((c) => Math.min(40, Math.max(12, c.header.length + 4)))],
    cells(identifier, baseline, secondary) {
      const rows = {
        baseline: baseline === null || baseline === undefined ? null : members.baselineRows.get(baseline),
        secondary: secondary === null || secondary === undefined ? null : members.secondaryRows.get(secondary),
      };
      const out = columns.map((c) => {
        const { value, from } = memberValue(c, rows);
        return typedCell(value, c.kind, { dateFormat: from ? c.formats[from] : null, formattingRule: c.formatting_rule });
      });
      return keep ? [identifierCell(members.identifier.format(identifier)), ...out] : out;
    },
  };
}

async function* iterate<T>(source: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> {
  for await (const item of source as AsyncIterable<T>) yield item;
}

interface DataPointFormat {
  label: string;
  kind: ColumnKind;
  baseline: DateFormat | null;
  secondary: DateFormat | null;
}

function dataPointFormats(dataPoints: readonly ExportDataPoint[], sample: readonly DataPointDiscrepancy[]): Map<string, DataPointFormat> {
  const out = new Map<string, DataPointFormat>();
  for (const dp of dataPoints) {
    const kindB = columnKindOf(dp.baseline_column_name);
    const kind = kindB !== 'text' ? kindB : columnKindOf(dp.secondary_column_name);
    let baseline: DateFormat | null = null;
    let secondary: DateFormat | null = null;
    if (kind === 'date') {
      const f = dp.date_format;
      if (typeof f === 'string') baseline = secondary = f;
      else if (f) {
        baseline = f.baseline ?? null;
        secondary = f.secondary ?? null;
      }
      const mine = sample.filter((d) => d.data_point_id === dp.id);
      baseline ??= detectColumnDateFormat(mine.map((d) => d.baseline_value));
      secondary ??= detectColumnDateFormat(mine.map((d) => d.secondary_value));
    }
    out.set(dp.id, { label: `${dp.baseline_column_name} ↔ ${dp.secondary_column_name}`, kind, baseline, secondary });
  }
  return out;
}

interface Tally {
  total: number;
  resolved: number;
  ignored: number;
}

/**
 * Writes the DISCREPANCIES workbook to `output` and resolves when it is complete. Sheets:
 * Summary (first), Discrepancies, Missing Data.
 */
export async function writeDiscrepanciesWorkbook(output: Writable, input: DiscrepanciesWorkbookInput): Promise<WorkbookCounts> {
  const book = openStreamingWorkbook(output);
  const generatedAt = input.generatedAt ?? new Date();

  // Read a first slice to tell date formats per data point and side, then stream the rest.
  const source = iterate(input.discrepancies);
  const sample: DataPointDiscrepancy[] = [];
  let exhausted = false;
  while (sample.length < DATE_SAMPLE_ROWS) {
    const next = await source.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    sample.push(next.value);
  }
  const formats = dataPointFormats(input.dataPoints, sample);

  const byDataPoint = new Map<string, Tally>();
  const byType = new Map<string, number>();
  const byResolver = new Map<string, { discrepancies: number; missing: number; first: string | null; last: string | null }>();
  const noteResolver = (id: string | null | undefined, date: string | null | undefined, which: 'discrepancies' | 'missing') => {
    if (!id) return;
    const r = byResolver.get(id) ?? { discrepancies: 0, missing: 0, first: null, last: null };
    r[which]++;
    if (date) {
      if (!r.first || date < r.first) r.first = date;
      if (!r.last || date > r.last) r.last = date;
    }
    byResolver.set(id, r);
  };

  const credits = input.comparison.audit_type === 'INVOICE_RECONCILIATION' ? new CreditRequest() : null;
  const member = memberLayout(input.members);
  const discrepancyHeaders = [...member.headers, ...DISCREPANCY_HEADERS.slice(MEMBER_HEADERS.length)];
  const ws = book.addDetailSheet('Discrepancies', discrepancyHeaders, [...member.widths, 28, 12, 12, 16, 16, 14, 16, 12, 20, 16, 30, 30, 10, 18, 18, 24]);
  const statusAt = discrepancyHeaders.indexOf('Status');
  let count = 0;
  const writeOne = (d: DataPointDiscrepancy) => {
    const f = formats.get(d.data_point_id) ?? { label: d.data_point_id, kind: 'text' as ColumnKind, baseline: null, secondary: null };
    const status = resolutionStatus(d);
    const resolvedFormat = f.baseline ?? f.secondary;
    const cells: TypedCell[] = [
      ...member.cells(d.unique_identifier, d.baseline_row_index, d.secondary_row_index, [
        identifierCell(d.unique_identifier),
        text(d.first_name),
        text(d.last_name),
        text(d.full_name),
        text(d.relationship),
      ]),
      text(f.label),
      rowNumber(d.baseline_row_index),
      rowNumber(d.secondary_row_index),
      typedCell(d.baseline_value, f.kind, { dateFormat: f.baseline }),
      typedCell(d.secondary_value, f.kind, { dateFormat: f.secondary }),
      d.discrepancy_function_result === null || d.discrepancy_function_result === undefined
        ? { value: null }
        : typedCell(d.discrepancy_function_result, 'money'),
      text(d.suggested_type ? DiscrepancyType.label(d.suggested_type) : null),
      text(status),
      text(d.resolved_discrepancy_type ? DiscrepancyType.label(d.resolved_discrepancy_type) : null),
      typedCell(d.resolved_value, f.kind, { dateFormat: resolvedFormat }),
      text(d.resolved_notes),
      text(d.resolved_verifier_notes),
      text(d.skip_verification ? 'Yes' : 'No'),
      text(nameOf(input.users, d.resolved_by_user_id)),
      timestampCell(d.resolved_date),
      text(sincePreviousLabel(d as SincePrevious)),
    ];
    // The highlight sits on the Status cell, whose text says the same thing (UX: not by colour alone).
    writeTypedRow(ws, cells, status === 'Unresolved' ? new Map([[statusAt, HIGHLIGHT_FILL]]) : undefined);

    const t = byDataPoint.get(d.data_point_id) ?? { total: 0, resolved: 0, ignored: 0 };
    t.total++;
    if (status !== 'Unresolved') t.resolved++;
    if (status === 'Ignored') t.ignored++;
    byDataPoint.set(d.data_point_id, t);
    const typeKey = d.resolved_discrepancy_type ?? '';
    byType.set(typeKey, (byType.get(typeKey) ?? 0) + 1);
    if (status !== 'Unresolved') noteResolver(d.resolved_by_user_id, d.resolved_date, 'discrepancies');
    credits?.add(d);
    count++;
  };
  for (const d of sample) writeOne(d);
  if (!exhausted) {
    for await (const d of source) {
      writeOne(d);
      if (count % 2000 === 0) await yieldToEventLoop();
    }
  }
  ws.commit();

  const missingHeaders = [MISSING_HEADERS[0], ...member.headers, ...MISSING_HEADERS.slice(1 + MEMBER_HEADERS.length)];
  const ms = book.addDetailSheet('Missing Data', missingHeaders, [36, ...member.widths, 12, 12, 12, 12, 20, 30, 30, 18, 18, 24]);
  const decisionAt = missingHeaders.indexOf('Decision');
  const byKind = new Map<MissingKind, { total: number; included: number; excluded: number }>();
  let missingCount = 0;
  for await (const m of iterate(input.missing)) {
    const kind = missingKindOf(m);
    const decision = m.resolved_inclusion === true ? 'Included' : m.resolved_inclusion === false ? 'Excluded' : 'Undecided';
    const rows = missingMemberRows(m);
    writeTypedRow(
      ms,
      [
        text(MISSING_KIND_LABELS[kind]),
        ...member.cells(m.unique_identifier, rows.baseline, rows.secondary, [
          identifierCell(m.unique_identifier),
          text(m.first_name),
          text(m.last_name),
          text(m.full_name),
          text(m.relationship),
        ]),
        rowNumber(m.baseline_row_index),
        rowNumber(m.secondary_row_index),
        rowNumber(m.duplicate_identifier_row_index),
        text(decision),
        text(m.resolved_discrepancy_type ? DiscrepancyType.label(m.resolved_discrepancy_type) : null),
        text(m.resolved_notes),
        text(m.resolved_verifier_notes),
        text(nameOf(input.users, m.resolved_by_user_id)),
        timestampCell(m.resolved_date),
        text(sincePreviousLabel(m as SincePrevious)),
      ],
      decision === 'Undecided' ? new Map([[decisionAt, HIGHLIGHT_FILL]]) : undefined,
    );
    const k = byKind.get(kind) ?? { total: 0, included: 0, excluded: 0 };
    k.total++;
    if (m.resolved_inclusion === true) k.included++;
    if (m.resolved_inclusion === false) k.excluded++;
    byKind.set(kind, k);
    if (isMissingDecided(m)) noteResolver(m.resolved_by_user_id, m.resolved_date, 'missing');
    credits?.add(m);
    missingCount++;
    if (missingCount % 2000 === 0) await yieldToEventLoop();
  }
  ms.commit();
  credits?.write(book, identifierCell);

  // Summary, written last, shown first.
  const s = new SummaryWriter(book.addSummarySheet());
  const c = input.comparison;
  s.title(`Discrepancies: ${c.name}`);
  if (c.company_name) s.line('Company', text(c.company_name));
  s.line('Comparison', text(c.name));
  s.line('Audit type', text(c.audit_type ? AuditType.label(c.audit_type) : null));
  if (c.type) s.line('Comparison type', text(ComparisonType.label(c.type)));
  s.line('Run date', timestampCell(c.run_date ?? c.updated_at ?? null));
  s.line('Exported', timestampCell(generatedAt));
  const invoice = c.invoice;
  if (invoice) {
    const money = (v: number) => typedCell(v, 'money');
    s.section('Invoice');
    s.line('Invoice number', text(invoice.invoice_number));
    s.line('Billing period', text(invoice.billing_period));
    s.line('Invoice date', text(invoice.invoice_date));
    s.line('Billed', money(invoice.billed));
    s.line('Expected', money(invoice.expected));
    s.line('Over-billed', money(invoice.over_billed));
    s.line('Under-billed', money(invoice.under_billed));
    s.line('Net (billed − expected)', money(invoice.net));
    // Retro charges for these months could not be checked against what was already billed.
    if (invoice.earlier_invoices_unknown?.length) s.line('Earlier invoices unknown', text(invoice.earlier_invoices_unknown.join(', ')));
  }

  const resolvedTotal = [...byDataPoint.values()].reduce((a, t) => a + t.resolved, 0);
  const missingDecided = [...byKind.values()].reduce((a, k) => a + k.included + k.excluded, 0);
  s.section('Totals');
  s.line('Discrepancies', count);
  s.line('Resolved', resolvedTotal);
  s.line('Unresolved', count - resolvedTotal);
  s.line('Missing and duplicate rows', missingCount);
  s.line('Decided (included or excluded)', missingDecided);
  s.line('Undecided', missingCount - missingDecided);

  s.section('Discrepancies by data point');
  const dpRows: TypedCell[][] = [];
  const seen = new Set<string>();
  for (const dp of [...input.dataPoints.map((d) => d.id), ...byDataPoint.keys()]) {
    if (seen.has(dp)) continue;
    seen.add(dp);
    const t = byDataPoint.get(dp);
    if (!t) continue;
    dpRows.push([text(formats.get(dp)?.label ?? dp), { value: t.total }, { value: t.resolved }, { value: t.total - t.resolved }, { value: t.ignored }]);
  }
  s.table(['Data point', 'Discrepancies', 'Resolved', 'Unresolved', 'Ignored'], dpRows);

  s.section('Discrepancies by type');
  const typeRows: TypedCell[][] = [];
  for (const t of DiscrepancyType.values) if (byType.has(t)) typeRows.push([text(DiscrepancyType.label(t)), { value: byType.get(t)! }]);
  for (const [t, n] of byType) if (t && !DiscrepancyType.is(t)) typeRows.push([text(t), { value: n }]);
  if (byType.has('')) typeRows.push([text('Not yet typed (unresolved)'), { value: byType.get('')! }]);
  s.table(['Type', 'Discrepancies'], typeRows);

  s.section('Missing and duplicate rows by kind');
  const kindRows: TypedCell[][] = (Object.keys(MISSING_KIND_LABELS) as MissingKind[])
    .filter((k) => byKind.has(k))
    .map((k) => {
      const v = byKind.get(k)!;
      return [text(MISSING_KIND_LABELS[k]), { value: v.total }, { value: v.included }, { value: v.excluded }, { value: v.total - v.included - v.excluded }];
    });
  s.table(['Kind', 'Rows', 'Included', 'Excluded', 'Undecided'], kindRows);

  s.section('Who resolved what, and when');
  const who = [...byResolver.entries()]
    .map(([id, r]) => ({ name: nameOf(input.users, id) ?? id, ...r }))
    .sort((a, b) => a.name.localeCompare(b.name));
  s.table(
    ['Person', 'Discrepancies resolved', 'Missing rows decided', 'First', 'Last'],
    who.map((r) => [text(r.name), { value: r.discrepancies }, { value: r.missing }, timestampCell(r.first), timestampCell(r.last)]),
  );
  s.commit();

  await book.commit();
  return { discrepancies: count, missing: missingCount };
}
