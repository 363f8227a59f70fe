/**
 * The merged data set of a COMPARE_MERGE / MERGE_ONLY comparison: the baseline
 * rows with the chosen values applied (DataPointMerge), rows decided about in VERIFY_MISSING_DATA
 * added or dropped, and — when `markMerged` — each row's merge status in a separate column that
 * starts with the spec's marker '[merge]'. Cell values stay clean (a premium stays a number), so
 * the meaning is in a cell of its own and not in a colour (UX). See docs/merge-export.md.
 *
 * Streaming: baseline rows are read once, in order, and yielded as they come; carrier rows are read
 * once afterwards, keeping only the rows to add. Memory holds the merges and the decisions, not the
 * files.
 */
import { MERGE_MARKER } from '../comparisons';
import type { Cell, Row } from '../compare/types';
import { duplicateSideOf, missingKindOf, type MissingDiscrepancy, type MissingDiscrepancyMerge } from '../resolution';

/** SPEC §3 DataPointMerge. */
export interface DataPointMerge {
  id?: string;
  data_point_id: string;
  baseline_row_index: number | null;
  secondary_row_index?: number | null;
  merge_value: string | null;
  updated_at?: string;
}

export interface MergeDataPoint {
  id: string;
  baseline_column_name: string;
  secondary_column_name: string;
}

/** A missing row with its decision and the values to merge for it. */
export interface MissingWithMerges {
  missing: MissingDiscrepancy;
  merges?: readonly Pick<MissingDiscrepancyMerge, 'data_point_id' | 'merge_value'>[];
}

export type MergedRowOrigin = 'BASELINE' | 'SECONDARY';

export interface MergedRow {
  /** In the order of `mergedColumns(...)` without the status column. */
  values: Cell[];
  /** '' for an untouched row; '[merge] …' otherwise. Empty when markMerged is false. */
  status: string;
  /** Positions (in `values`) of the cells whose value came from a merge. */
  merged: number[];
  origin: MergedRowOrigin;
  baseline_row_index: number | null;
  secondary_row_index: number | null;
}

export interface BuildMergedRowsInput {
  baselineColumns: readonly string[];
  baselineRows: Iterable<Row> | AsyncIterable<Row>;
  secondaryColumns: readonly string[];
  /** Read only when a carrier-only row or a carrier duplicate is included; may be omitted otherwise. */
  secondaryRows?: Iterable<Row> | AsyncIterable<Row>;
  dataPoints: readonly MergeDataPoint[];
  discrepancyMerges: Iterable<DataPointMerge>;
  /** Every decided missing row (included and excluded): exclusions drop baseline rows. */
  missing: Iterable<MissingWithMerges>;
  markMerged: boolean;
}

export const MERGE_STATUS_COLUMN = 'Merge Status';

/** The columns of the merged data set: the baseline's, plus the status column when marking. */
export function mergedColumns(baselineColumns: readonly string[], markMerged: boolean): string[] {
  if (!markMerged) return [...baselineColumns];
  let name = MERGE_STATUS_COLUMN;
  for (let n = 2; baselineColumns.includes(name); n++) name = `${MERGE_STATUS_COLUMN} (${n})`;
  return [...baselineColumns, name];
}

/** Status texts; each starts with MERGE_MARKER so a filter on '[merge]' finds every merged row. */
export function mergedStatus(columns: readonly string[]): string {
  return `${MERGE_MARKER} ${columns.join(', ')}`;
}
export const ADDED_FROM_CARRIER_STATUS = `${MERGE_MARKER} added from carrier file`;
export const ADDED_DUPLICATE_STATUS = `${MERGE_MARKER} carrier duplicate added`;

function columnIndex(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  return columns.findIndex((c) => String(c).trim().toLowerCase() === wanted);
}

const text = (v: Cell): string => (v === null || v === undefined ? '' : String(v)).trim();

async function* rowsOf(rows: Iterable<Row> | AsyncIterable<Row>): AsyncGenerator<Row> {
  for await (const row of rows as AsyncIterable<Row>) yield row;
}

interface Plan {
  /** baseline row index → baseline column position → value */
  cellMerges: Map<number, Map<number, string | null>>;
  dropBaseline: Set<number>;
  /** carrier row index → merge values by baseline column position, and the status to give it */
  addSecondary: Map<number, { merges: Map<number, string | null>; status: string }>;
}

function plan(input: BuildMergedRowsInput): Plan {
  const { baselineColumns } = input;
  const baselinePosOf = new Map<string, number>();
  for (const dp of input.dataPoints) {
    const at = columnIndex(baselineColumns, dp.baseline_column_name);
    if (at >= 0) baselinePosOf.set(dp.id, at);
  }

  const cellMerges = new Map<number, Map<number, string | null>>();
  for (const m of input.discrepancyMerges) {
    if (m.baseline_row_index === null || m.baseline_row_index === undefined) continue;
    const pos = baselinePosOf.get(m.data_point_id);
    if (pos === undefined) continue;
    let row = cellMerges.get(m.baseline_row_index);
    if (!row) cellMerges.set(m.baseline_row_index, (row = new Map()));
    row.set(pos, m.merge_value ?? null); // a later merge of the same cell wins
  }

  const dropBaseline = new Set<number>();
  const addSecondary = new Map<number, { merges: Map<number, string | null>; status: string }>();
  for (const { missing, merges } of input.missing) {
    const inclusion = missing.resolved_inclusion;
    const values = new Map<number, string | null>();
    for (const m of merges ?? []) {
      const pos = baselinePosOf.get(m.data_point_id);
      if (pos !== undefined) values.set(pos, m.merge_value ?? null);
    }
    const kind = missingKindOf(missing);
    if (kind === 'MISSING_IN_SECONDARY') {
      // Only in baseline: it is in the data set already; excluded drops it, included applies its merges.
      const at = missing.baseline_row_index;
      if (at === null || at === undefined) continue;
      if (inclusion === false) dropBaseline.add(at);
      else if (inclusion === true && values.size) {
        const row = cellMerges.get(at) ?? new Map<number, string | null>();
        for (const [pos, v] of values) row.set(pos, v);
        cellMerges.set(at, row);
      }
    } else if (kind === 'MISSING_IN_BASELINE') {
      const at = missing.secondary_row_index;
      if (inclusion === true && at !== null && at !== undefined) addSecondary.set(at, { merges: values, status: ADDED_FROM_CARRIER_STATUS });
    } else {
      const at = missing.duplicate_identifier_row_index;
      if (at === null || at === undefined) continue;
      if (duplicateSideOf(missing) === 'BASELINE') {
        if (inclusion === false) dropBaseline.add(at);
      } else if (inclusion === true) {
        addSecondary.set(at, { merges: values, status: ADDED_DUPLICATE_STATUS });
      }
    }
  }
  return { cellMerges, dropBaseline, addSecondary };
}

/**
 * Yields the merged data set: baseline rows in file order (dropped ones left out, merged values
 * applied), then the included carrier rows in carrier file order, mapped into the baseline columns
 * through the data points (baseline columns no data point covers stay empty).
 * A merge whose value equals the cell's (trimmed text) changes nothing and is not marked.
 */
export async function* buildMergedRows(input: BuildMergedRowsInput): AsyncGenerator<MergedRow> {
  const { baselineColumns, secondaryColumns, markMerged } = input;
  const { cellMerges, dropBaseline, addSecondary } = plan(input);
  const width = baselineColumns.length;

  let index = 0;
  for await (const row of rowsOf(input.baselineRows)) {
    const at = index++;
    if (dropBaseline.has(at)) continue;
    const values: Cell[] = Array.from({ length: width }, (_, i) => row[i] ?? null);
    const merged: number[] = [];
    const changes = cellMerges.get(at);
    if (changes) {
      for (const [pos, value] of changes) {
        if (text(values[pos]) === text(value)) continue;
        values[pos] = value;
        merged.push(pos);
      }
      merged.sort((a, b) => a - b);
    }
    yield {
      values,
      merged,
      status: markMerged && merged.length ? mergedStatus(merged.map((p) => baselineColumns[p]!)) : '',
      origin: 'BASELINE',
      baseline_row_index: at,
      secondary_row_index: null,
    };
  }

  if (addSecondary.size === 0 || !input.secondaryRows) return;
  // Carrier column position → baseline column position, through the data points.
  const mapping: Array<[number, number]> = [];
  for (const dp of input.dataPoints) {
    const from = columnIndex(secondaryColumns, dp.secondary_column_name);
    const to = columnIndex(baselineColumns, dp.baseline_column_name);
    if (from >= 0 && to >= 0) mapping.push([from, to]);
  }
  let sIndex = 0;
  let left = addSecondary.size;
  for await (const row of rowsOf(input.secondaryRows)) {
    const at = sIndex++;
    const add = addSecondary.get(at);
    if (!add) continue;
    const values: Cell[] = Array.from({ length: width }, () => null);
    for (const [from, to] of mapping) values[to] = row[from] ?? null;
    for (const [pos, value] of add.merges) values[pos] = value;
    yield {
      values,
      // Every cell of an added row came from the merge.
      merged: values.map((_, i) => i),
      status: markMerged ? add.status : '',
      origin: 'SECONDARY',
      baseline_row_index: null,
      secondary_row_index: at,
    };
    if (--left === 0) break;
  }
}

/** The merged rows as plain rows (values, then the status when marking), for writers that take rows. */
export async function* mergedRowsAsRows(rows: AsyncIterable<MergedRow>, markMerged: boolean): AsyncGenerator<Cell[]> {
  for await (const r of rows) yield markMerged ? [...r.values, r.status] : r.values;
}

/**
 * The DataPointMerge a resolved discrepancy implies in a merge comparison: its chosen value for
 * the baseline row, or null when nothing is to merge (unresolved, ignored, no value, or the value
 * the baseline already has).
 */
export function mergeFromResolution(d: {
  data_point_id: string;
  baseline_row_index: number;
  secondary_row_index: number;
  baseline_value?: string | null;
  resolved_value?: string | null;
  resolved_ignore?: boolean | null;
  resolved_discrepancy_type?: string | null;
}): Omit<DataPointMerge, 'id' | 'updated_at'> | null {
  if (!d.resolved_discrepancy_type || d.resolved_ignore === true || d.resolved_discrepancy_type === 'IGNORE') return null;
  if (d.resolved_value === null || d.resolved_value === undefined) return null;
  if (text(d.resolved_value) === text(d.baseline_value ?? null)) return null;
  return {
    data_point_id: d.data_point_id,
    baseline_row_index: d.baseline_row_index,
    secondary_row_index: d.secondary_row_index,
    merge_value: d.resolved_value,
  };
}
