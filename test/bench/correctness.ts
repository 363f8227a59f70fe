import { compareTablesSync, type ComparisonResult } from '../../shared/compare';
import { generatePair } from '../fixtures/generator/generate';
import { DIFFERENCE_KINDS, type TruthEntry } from '../fixtures/generator/inject-differences';

export interface KindScore {
  kind: string;
  expected: number;
  reported: number;
  truePositives: number;
  recall: number;
  precision: number;
}

/** What the engine reported, in the ground truth's terms: (kind, key, baseline column). */
export function findings(result: ComparisonResult, columnOf: (dataPointId: string) => string): string[] {
  const out: string[] = [];
  for (const d of result.discrepancies) out.push(`${d.suggested_type ?? 'UNCLASSIFIED'}\u0000${d.unique_identifier}\u0000${columnOf(d.data_point_id)}`);
  for (const m of result.missing) out.push(`${m.kind}\u0000${m.unique_identifier}\u0000`);
  return out;
}

export function truthKeys(differences: readonly TruthEntry[]): string[] {
  return differences.map((d) => `${d.kind}\u0000${d.key}\u0000${d.column ?? ''}`);
}

export function score(expected: readonly string[], reported: readonly string[]): KindScore[] {
  const kindOf = (k: string) => k.slice(0, k.indexOf('\u0000'));
  const expectedSet = new Set(expected);
  const reportedSet = new Set(reported);
  const kinds = new Set<string>([...DIFFERENCE_KINDS, ...reported.map(kindOf)]);
  return [...kinds].map((kind) => {
    const e = expected.filter((k) => kindOf(k) === kind);
    const r = reported.filter((k) => kindOf(k) === kind);
    const tp = r.filter((k) => expectedSet.has(k)).length;
    return {
      kind,
      expected: e.length,
      reported: r.length,
      truePositives: tp,
      recall: e.length === 0 ? 1 : e.filter((k) => reportedSet.has(k)).length / e.length,
      precision: r.length === 0 ? (e.length === 0 ? 1 : 0) : tp / r.length,
    };
  });
}

/** Generates pairs for each seed, compares them with the generated configuration, scores per kind. */
export function runCorrectness(rows: number, seeds: readonly string[]): { perSeed: Array<{ seed: string; scores: KindScore[] }>; total: KindScore[] } {
  const allExpected: string[] = [];
  const allReported: string[] = [];
  const perSeed = seeds.map((seed) => {
    const pair = generatePair({ rows, seed });
    const result = compareTablesSync(pair.baseline, pair.secondary, pair.config);
    const columns = new Map(pair.config.data_points.map((d) => [d.id, d.baseline_column_name]));
    // Keys are made unique per seed so the totals do not merge members across seeds.
    const expected = truthKeys(pair.truth.differences).map((k) => `${k}\u0000${seed}`);
    const reported = findings(result, (id) => columns.get(id)!).map((k) => `${k}\u0000${seed}`);
    allExpected.push(...expected);
    allReported.push(...reported);
    return { seed, scores: score(expected, reported) };
  });
  return { perSeed, total: score(allExpected, allReported) };
}
