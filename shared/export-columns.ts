/**
 * Which columns an export writes, in which order, under which header and with which SSN format:
 * resolves a comparison's export columns, or a template's columns, against the two files' headers.
 */
import type { ExportFormattingRule, FileType } from './files';
import { exportHeaderOf } from './schemas/export-columns';

/** An ExportColumn, or an ExportColumnsTemplateColumn (no file_type). */
export interface ExportColumnLike {
  file_type?: FileType | null;
  baseline_column_name?: string | null;
  secondary_column_name?: string | null;
  index: number;
  renamed_column_name?: string | null;
  formatting_rule?: ExportFormattingRule | null;
}

export interface ExportColumnPlanEntry {
  file_type: FileType;
  /** The column's name as its file spells it. */
  column_name: string;
  /** Its position in that file's columns. */
  position: number;
  /** The header written (renamed, else the column's name; made unique with ' (2)', ' (3)'…). */
  header: string;
  formatting_rule: ExportFormattingRule | null;
  /**
   * The column in the baseline's vocabulary, which the merged data set uses: the column itself for
   * BASELINE, the baseline column of the data point pairing it for SECONDARY, else null (a carrier
   * column no data point pairs has no value in the merged set).
   */
  baseline_column_name: string | null;
}

export interface ExportColumnPlan {
  columns: ExportColumnPlanEntry[];
  /** Configured columns the files do not have (a template made for another layout): skipped, said. */
  missing: Array<{ index: number; file_type: FileType | null; column_name: string }>;
}

/** The place of a column by its name: exactly, else ignoring case and surrounding spaces; -1 when absent. */
export function findColumn(columns: readonly string[], name: string | null | undefined): number {
  if (!name) return -1;
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  return columns.findIndex((c) => String(c).trim().toLowerCase() === wanted);
}

/** Every baseline column in file order: the plan when nothing is configured. */
export function defaultExportColumns(baselineColumns: readonly string[]): ExportColumnLike[] {
  return baselineColumns.map((name, index) => ({ file_type: 'BASELINE' as const, baseline_column_name: name, index }));
}

/**
 * The ordered column plan. `source` is a comparison's export columns or a template (its columns);
 * empty means every baseline column. Ordered by `index` (ties keep list order). A template column
 * naming both sides uses the baseline's when the baseline file has it, else the carrier's.
 * `dataPoints` pairs carrier columns with baseline ones for `baseline_column_name`.
 */
export function resolveExportColumns(
  source: readonly ExportColumnLike[] | { columns: readonly ExportColumnLike[] },
  baselineColumns: readonly string[],
  secondaryColumns: readonly string[],
  options: { dataPoints?: readonly { baseline_column_name: string; secondary_column_name: string }[] } = {},
): ExportColumnPlan {
  const list = Array.isArray(source) ? (source as readonly ExportColumnLike[]) : (source as { columns: readonly ExportColumnLike[] }).columns;
  const configured = list.length ? list : defaultExportColumns(baselineColumns);
  const ordered = configured.map((c, i) => ({ c, i })).sort((a, b) => a.c.index - b.c.index || a.i - b.i);

  const columns: ExportColumnPlanEntry[] = [];
  const missing: ExportColumnPlan['missing'] = [];
  const used = new Set<string>();
  for (const { c } of ordered) {
    let fileType: FileType | null = c.file_type ?? null;
    let position: number;
    if (fileType === 'BASELINE') position = findColumn(baselineColumns, c.baseline_column_name);
    else if (fileType === 'SECONDARY') position = findColumn(secondaryColumns, c.secondary_column_name);
    else {
      position = findColumn(baselineColumns, c.baseline_column_name);
      fileType = 'BASELINE';
      if (position < 0 && c.secondary_column_name) {
        position = findColumn(secondaryColumns, c.secondary_column_name);
        fileType = 'SECONDARY';
      }
    }
    const wantedName = (fileType === 'SECONDARY' ? c.secondary_column_name : c.baseline_column_name) ?? c.secondary_column_name ?? '';
    if (position < 0) {
      missing.push({ index: c.index, file_type: c.file_type ?? null, column_name: wantedName });
      continue;
    }
    const columnName = fileType === 'BASELINE' ? baselineColumns[position]! : secondaryColumns[position]!;
    let baselineName: string | null;
    if (fileType === 'BASELINE') baselineName = columnName;
    else {
      const dp = options.dataPoints?.find((d) => findColumn([columnName], d.secondary_column_name) === 0);
      const at = dp ? findColumn(baselineColumns, dp.baseline_column_name) : -1;
      baselineName = at >= 0 ? baselineColumns[at]! : null;
    }
    const wanted = exportHeaderOf({ ...c, file_type: fileType, baseline_column_name: fileType === 'BASELINE' ? columnName : c.baseline_column_name, secondary_column_name: fileType === 'SECONDARY' ? columnName : c.secondary_column_name }) || columnName;
    let header = wanted;
    for (let n = 2; used.has(header.toLowerCase()); n++) header = `${wanted} (${n})`;
    used.add(header.toLowerCase());
    columns.push({
      file_type: fileType,
      column_name: columnName,
      position,
      header,
      formatting_rule: c.formatting_rule ?? null,
      baseline_column_name: baselineName,
    });
  }
  return { columns, missing };
}
