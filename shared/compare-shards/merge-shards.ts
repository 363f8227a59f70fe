import type { ComparisonResult, ComparisonSummary, MissingDiscrepancyRecord } from '../compare/types';

/**
 * One run's result from its shards' results (row numbers of the whole files). Every identifier
 * lives in one shard, so matches, duplicates and missing rows never span shards: counts add, and
 * the findings are put back in the order an unsharded run lists them:
 * - discrepancies by carrier row (a row's data points keep their order: they come from one shard);
 * - missing rows as the engine lists them: the baseline rows the carrier lacks (baseline order),
 *   then what the carrier rows found as they arrived (missing in the baseline, carrier duplicates;
 *   carrier order), then the baseline's duplicates (baseline order).
 */
export function mergeShardResults(shards: readonly ComparisonResult[]): ComparisonResult {
  if (shards.length === 0) throw new Error('A sharded run has at least one shard');
  const discrepancies = shards.flatMap((s) => s.discrepancies).sort((a, b) => a.secondary_row_index - b.secondary_row_index);
  const all = shards.flatMap((s) => s.missing);
  const group = (m: MissingDiscrepancyRecord) => (m.kind === 'MISSING_IN_SECONDARY' ? 0 : m.duplicate_side === 'BASELINE' ? 2 : 1);
  /** The row whose arrival made the finding: the engine lists each group in that row's file order. */
  const arrival = (m: MissingDiscrepancyRecord) =>
    m.kind === 'MISSING_IN_SECONDARY' ? m.baseline_row_index! : m.kind === 'DUPLICATE' ? m.duplicate_identifier_row_index! : m.secondary_row_index!;
  const missing = all
    .map((m) => ({ m, g: group(m), at: arrival(m) }))
    .sort((x, y) => x.g - y.g || x.at - y.at)
    .map((x) => x.m);
  const ascending = (a: number, b: number) => a - b;
  return {
    discrepancies,
    missing,
    blank_identifiers: {
      baseline: shards.flatMap((s) => s.blank_identifiers.baseline).sort(ascending),
      secondary: shards.flatMap((s) => s.blank_identifiers.secondary).sort(ascending),
    },
    summary: addSummaries(shards.map((s) => s.summary)),
    // Every shard resolved its data points from the same samples of the whole files.
    data_points: shards[0]!.data_points,
  };
}

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
};

function addSummaries(summaries: readonly ComparisonSummary[]): ComparisonSummary {
  const total: ComparisonSummary = {
    baseline_rows: 0,
    secondary_rows: 0,
    matched_rows: 0,
    missing_in_secondary: 0,
    missing_in_baseline: 0,
    duplicates_in_baseline: 0,
    duplicates_in_secondary: 0,
    blank_identifier_baseline: 0,
    blank_identifier_secondary: 0,
    discrepancies: 0,
    discrepancies_by_data_point: {},
    discrepancies_by_type: {},
  };
  const numeric = Object.keys(total).filter((k) => typeof total[k as keyof ComparisonSummary] === 'number') as Array<keyof ComparisonSummary>;
  for (const s of summaries) {
    for (const key of numeric) (total[key] as number) += s[key] as number;
    addCounts(total.discrepancies_by_data_point, s.discrepancies_by_data_point);
    addCounts(total.discrepancies_by_type, s.discrepancies_by_type);
  }
  return total;
}
