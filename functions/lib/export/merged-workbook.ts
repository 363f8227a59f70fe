/**
 * The MERGED export: Summary first, then the whole merged data set in the export columns'
 * order and names, streamed. Merged cells are highlighted and the row's 'Merge Status' cell says
 * '[merge] …' (the meaning is in a cell, not only in a colour). See docs/merge-export.md.
 */
import type { Writable } from 'node:stream';
import { AuditType, ComparisonType, MERGE_MARKER } from '../../../shared/comparisons';
import type { Cell } from '../../../shared/compare/types';
import type { DateFormat } from '../../../shared/compare';
import type { ExportColumnPlanEntry } from '../../../shared/export-columns';
import { MERGE_STATUS_COLUMN, type MergedRow } from '../../../shared/merge';
import { columnKindOf, DATETIME_NUM_FMT, detectColumnDateFormat, typedCell, type ColumnKind, type TypedCell } from './cells';
import type { ExportComparison, WorkbookCounts } from './discrepancies-workbook';
import { HIGHLIGHT_FILL, openStreamingWorkbook, SummaryWriter, writeTypedRow, yieldToEventLoop } from './workbook';

export interface MergedWorkbookInput {
  /** The merged data set's columns (the baseline's), without a status column. */
  columns: readonly string[];
  /** Rows from buildMergedRows, or plain rows in `columns` order. */
  rows: AsyncIterable<MergedRow | readonly Cell[]> | Iterable<MergedRow | readonly Cell[]>;
  /** The resolved plan (resolveExportColumns with the data points); every column when absent. */
  exportColumns?: readonly ExportColumnPlanEntry[];
  /** Adds the Merge Status column (default true). */
  markMerged?: boolean;
  comparison?: ExportComparison;
  generatedAt?: Date;
}

/** Rows read before writing, to tell each date column's format. */
export const MERGED_DATE_SAMPLE_ROWS = 500;

interface OutColumn {
  header: string;
  source: number;
  kind: ColumnKind;
  rule: ExportColumnPlanEntry['formatting_rule'];
  dateFormat: DateFormat | null;
}

function findColumn(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  return columns.findIndex((c) => c.trim().toLowerCase() === wanted);
}

const isMergedRow = (r: MergedRow | readonly Cell[]): r is MergedRow => !Array.isArray(r) && typeof r === 'object' && r !== null && 'values' in r;

async function* iterate<T>(source: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> {
  for await (const item of source as AsyncIterable<T>) yield item;
}

export async function writeMergedWorkbook(output: Writable, input: MergedWorkbookInput): Promise<WorkbookCounts & { rows: number }> {
  const book = openStreamingWorkbook(output);
  const markMerged = input.markMerged ?? true;
  const generatedAt = input.generatedAt ?? new Date();

  const skipped: string[] = [];
  const plan: Omit<OutColumn, 'dateFormat'>[] = [];
  if (input.exportColumns && input.exportColumns.length) {
    for (const c of input.exportColumns) {
      const at = c.baseline_column_name ? findColumn(input.columns, c.baseline_column_name) : -1;
      if (at < 0) {
        skipped.push(`${c.header} (${c.file_type === 'SECONDARY' ? 'carrier' : 'baseline'} column ${c.column_name})`);
        continue;
      }
      plan.push({ header: c.header, source: at, kind: columnKindOf(input.columns[at]), rule: c.formatting_rule });
    }
  } else {
    input.columns.forEach((name, i) => plan.push({ header: name, source: i, kind: columnKindOf(name), rule: null }));
  }

  // Sample rows for date formats, then stream.
  const source = iterate(input.rows);
  const sample: (MergedRow | readonly Cell[])[] = [];
  let exhausted = false;
  while (sample.length < MERGED_DATE_SAMPLE_ROWS) {
    const next = await source.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    sample.push(next.value);
  }
  const valuesOf = (r: MergedRow | readonly Cell[]): readonly Cell[] => (isMergedRow(r) ? r.values : r);
  const columns: OutColumn[] = plan.map((p) => ({
    ...p,
    dateFormat: p.kind === 'date' ? detectColumnDateFormat(sample.map((r) => valuesOf(r)[p.source])) : null,
  }));

  let statusHeader = MERGE_STATUS_COLUMN;
  for (let n = 2; columns.some((c) => c.header === statusHeader); n++) statusHeader = `${MERGE_STATUS_COLUMN} (${n})`;
  const headers = [...columns.map((c) => c.header), ...(markMerged ? [statusHeader] : [])];
  const ws = book.addDetailSheet(
    'Merged Data',
    headers,
    headers.map((h, i) => (markMerged && i === headers.length - 1 ? 36 : Math.min(40, Math.max(12, h.length + 4)))),
  );

  let count = 0;
  let mergedRows = 0;
  let addedRows = 0;
  const mergedCellsByColumn = new Map<number, number>();
  const writeOne = (r: MergedRow | readonly Cell[]) => {
    const values = valuesOf(r);
    const merged = new Set(isMergedRow(r) ? r.merged : []);
    const cells: TypedCell[] = columns.map((c) => typedCell(values[c.source], c.kind, { dateFormat: c.dateFormat, formattingRule: c.rule }));
    const fills = new Map<number, typeof HIGHLIGHT_FILL>();
    if (markMerged) {
      columns.forEach((c, i) => {
        if (merged.has(c.source)) fills.set(i, HIGHLIGHT_FILL);
      });
      const status = isMergedRow(r) ? r.status : '';
      cells.push(typedCell(status, 'text'));
      if (status) fills.set(cells.length - 1, HIGHLIGHT_FILL);
    }
    writeTypedRow(ws, cells, fills.size ? fills : undefined);
    if (isMergedRow(r)) {
      if (r.origin === 'SECONDARY') addedRows++;
      else if (r.merged.length) mergedRows++;
      if (r.origin === 'BASELINE') for (const p of r.merged) mergedCellsByColumn.set(p, (mergedCellsByColumn.get(p) ?? 0) + 1);
    }
    count++;
  };
  for (const r of sample) writeOne(r);
  if (!exhausted) {
    for await (const r of source) {
      writeOne(r);
      if (count % 2000 === 0) await yieldToEventLoop();
    }
  }
  ws.commit();

  const s = new SummaryWriter(book.addSummarySheet());
  const c = input.comparison;
  s.title(`Merged data${c ? `: ${c.name}` : ''}`);
  if (c) {
    if (c.company_name) s.line('Company', typedCell(c.company_name, 'text'));
    s.line('Comparison', typedCell(c.name, 'text'));
    s.line('Audit type', typedCell(c.audit_type ? AuditType.label(c.audit_type) : null, 'text'));
    if (c.type) s.line('Comparison type', typedCell(ComparisonType.label(c.type), 'text'));
    const run = c.run_date ?? c.updated_at ?? null;
    s.line('Run date', run ? { value: run instanceof Date ? run : new Date(run), numFmt: DATETIME_NUM_FMT } : { value: null });
  }
  s.line('Exported', { value: generatedAt, numFmt: DATETIME_NUM_FMT });
  s.section('Totals');
  s.line('Rows', count);
  s.line('Baseline rows with merged values', mergedRows);
  s.line('Rows added from the carrier file', addedRows);
  if (markMerged) {
    s.line('Marker', typedCell(`Rows with merged values say '${MERGE_MARKER} …' in the ${statusHeader} column; merged cells are also highlighted.`, 'text'));
  }
  s.section('Merged values by column');
  s.table(
    ['Column', 'Cells merged'],
    [...mergedCellsByColumn.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([p, n]) => [typedCell(input.columns[p] ?? `#${p + 1}`, 'text'), { value: n }]),
  );
  if (skipped.length) {
    s.section('Export columns not in the merged data (no data point pairs them with a baseline column)');
    for (const name of skipped) s.line(name, null);
  }
  s.commit();
  await book.commit();
  return { discrepancies: 0, missing: 0, rows: count };
}
