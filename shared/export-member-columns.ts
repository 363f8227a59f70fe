/**
 * The member columns of a compare-only audit's discrepancies export: the export column plan
 * (order, headers, SSN rules) applied to the rows a discrepancy or missing row points at, the way
 * the plan shapes the merged file's columns.
 */
import type { Cell } from './compare/types';
import { findColumn, type ExportColumnPlanEntry } from './export-columns';
import { applyFormattingRule, type ExportFormattingRule, type FileType } from './files';
import { duplicateSideOf, missingKindOf, type MissingDiscrepancy } from './resolution';

export interface MemberColumn {
  header: string;
  file_type: FileType;
  /** The column as its file spells it (its kind — date, money, SSN — is told from this name). */
  column_name: string;
  formatting_rule: ExportFormattingRule | null;
  /** Where the value is in a baseline row, and in a carrier row (the other side through the data point pairing the column), or -1. */
  baseline_at: number;
  secondary_at: number;
}

interface MemberRows {
  baseline: readonly Cell[] | null | undefined;
  secondary: readonly Cell[] | null | undefined;
}

/**
 * Each planned column with its place on both sides. A carrier column reaches a baseline row through
 * the data point pairing it (the plan's `baseline_column_name`), and a baseline column reaches a
 * carrier row the same way, so a row only at the carrier still fills the baseline columns it can.
 */
export function memberColumnsOf(
  plan: readonly ExportColumnPlanEntry[],
  baselineColumns: readonly string[],
  secondaryColumns: readonly string[],
  dataPoints: readonly { baseline_column_name: string; secondary_column_name: string }[],
): MemberColumn[] {
  return plan.map((c) => {
    let baselineAt: number;
    let secondaryAt: number;
    if (c.file_type === 'BASELINE') {
      baselineAt = c.position;
      const dp = dataPoints.find((d) => findColumn([c.column_name], d.baseline_column_name) === 0);
      secondaryAt = dp ? findColumn(secondaryColumns, dp.secondary_column_name) : -1;
    } else {
      secondaryAt = c.position;
      baselineAt = findColumn(baselineColumns, c.baseline_column_name);
    }
    return { header: c.header, file_type: c.file_type, column_name: c.column_name, formatting_rule: c.formatting_rule, baseline_at: baselineAt, secondary_at: secondaryAt };
  });
}

/** A member column's value and the file it came from: the row of the column's own file when there is one, else the other side's row. */
export function memberValue(column: MemberColumn, rows: MemberRows): { value: Cell; from: FileType | null } {
  const sides: Array<[FileType, readonly Cell[] | null | undefined, number]> = [
    ['BASELINE', rows.baseline, column.baseline_at],
    ['SECONDARY', rows.secondary, column.secondary_at],
  ];
  if (column.file_type === 'SECONDARY') sides.reverse();
  for (const [from, row, at] of sides) {
    if (row && at >= 0) return { value: row[at] ?? null, from };
  }
  return { value: null, from: null };
}

interface MemberRowIndexes {
  baseline: number | null;
  secondary: number | null;
}

const index = (i: number | null | undefined) => (i === null || i === undefined ? null : i);

/**
 * The file rows a missing row's member columns are read from: its own row on each side, and for a
 * duplicate the repeated row (the one the decision is about) on the side it is on.
 */
export function missingMemberRows(m: MissingDiscrepancy): MemberRowIndexes {
  if (missingKindOf(m) === 'DUPLICATE') {
    const at = index(m.duplicate_identifier_row_index);
    if (duplicateSideOf(m) === 'BASELINE') return { baseline: at ?? index(m.baseline_row_index), secondary: null };
    return { baseline: null, secondary: at ?? index(m.secondary_row_index) };
  }
  return { baseline: index(m.baseline_row_index), secondary: index(m.secondary_row_index) };
}

type IdentifierPoint = { baseline_column_name: string; secondary_column_name: string; is_unique_identifier?: boolean | null };

const isColumnOf = (c: MemberColumn, d: IdentifierPoint) => findColumn([c.column_name], c.file_type === 'BASELINE' ? d.baseline_column_name : d.secondary_column_name) === 0;

/**
 * How the sheet names a row's member: the Unique Identifier column is kept unless the plan carries
 * every identifier data point's column (then those columns name the member). `format` applies the
 * SSN rule chosen for each identifier data point's column to its part of a stored identifier
 * (parts joined with '|', in data point order).
 */
export function identifierColumn(columns: readonly MemberColumn[], dataPoints: readonly IdentifierPoint[]) {
  const ids = dataPoints.filter((d) => d.is_unique_identifier);
  const rules = ids.map((d) => columns.find((c) => isColumnOf(c, d))?.formatting_rule ?? null);
  const covered = ids.length > 0 && ids.every((d) => columns.some((c) => isColumnOf(c, d)));
  return {
    keep: !covered,
    format(identifier: string | null | undefined): string | null {
      if (identifier === null || identifier === undefined || identifier === '') return null;
      if (!rules.some(Boolean)) return identifier;
      const parts = identifier.split('|');
      // A stored identifier of another shape (written before the data points changed): the whole value, left alone unless it is an SSN.
      if (parts.length !== rules.length) return String(applyFormattingRule(rules.find(Boolean), identifier));
      return parts.map((part, i) => String(applyFormattingRule(rules[i], part))).join('|');
    },
  };
}
