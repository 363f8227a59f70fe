import type { Cell } from '../../../shared/compare/types';
import type { ExportColumnPlanEntry } from '../../../shared/export-columns';
import { identifierColumn, memberColumnsOf } from '../../../shared/export-member-columns';
import type { ExportMembers } from '../export';

/**
 * The member columns of a compare-only audit's discrepancies export: the export columns' plan and
 * the file rows the sheets point at. Each file is read once, keeping only the wanted rows' planned
 * cells, and reading stops when all are found.
 */
export async function loadExportMembers(input: {
  plan: readonly ExportColumnPlanEntry[];
  baselineColumns: readonly string[];
  secondaryColumns: readonly string[];
  dataPoints: readonly { baseline_column_name: string; secondary_column_name: string; is_unique_identifier?: boolean | null }[];
  wanted: { baseline: ReadonlySet<number>; secondary: ReadonlySet<number> };
  openRows: (side: 'BASELINE' | 'SECONDARY') => Promise<AsyncIterable<readonly Cell[]>>;
}): Promise<ExportMembers> {
  const columns = memberColumnsOf(input.plan, input.baselineColumns, input.secondaryColumns, input.dataPoints);
  const keep = async (side: 'BASELINE' | 'SECONDARY', wanted: ReadonlySet<number>, positions: number[]) => {
    const found = new Map<number, readonly Cell[]>();
    if (!wanted.size || !positions.some((p) => p >= 0)) return found;
    const used = new Set(positions.filter((p) => p >= 0));
    let index = 0;
    for await (const row of await input.openRows(side)) {
      const at = index++;
      if (!wanted.has(at)) continue;
      found.set(at, row.map((v, i) => (used.has(i) ? v : null)));
      if (found.size === wanted.size) break;
    }
    return found;
  };
  const [baselineRows, secondaryRows] = await Promise.all([
    keep('BASELINE', input.wanted.baseline, columns.map((c) => c.baseline_at)),
    keep('SECONDARY', input.wanted.secondary, columns.map((c) => c.secondary_at)),
  ]);
  return { columns, identifier: identifierColumn(columns, input.dataPoints), baselineRows, secondaryRows };
}
