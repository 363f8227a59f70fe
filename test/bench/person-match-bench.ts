import { compareTablesSync } from '../../shared/compare';
import { matchTables } from '../../shared/compare/person-join';
import { comparisonConfig } from '../fixtures/generator/comparison-config';
import { generatePersonPair, PERSON_PERTURBATIONS } from '../fixtures/generator/person-pairs';

/**
 * Matching by person (docs/compare.md "Matching by person"): precision and recall of true pairs
 * per perturbation on generated files whose carrier ids were replaced, then the matcher's time on
 * a rows × rows pair beside the identifier join of the same files (the engine with SSN + benefit
 * type on the unperturbed pair). Prints, never asserts.
 */
const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function personMatchBench(options: { rows: number; qualityRows: number; runs: number }): void {
  console.log(`\n## Matching by person (${options.qualityRows.toLocaleString('en-US')} rows per perturbation, 20% of members perturbed, threshold 90)`);
  console.log('perturbation         | precision | recall  | perturbed rows: precision | recall | proposed below 90 | perturbed rows proposed right');
  const config = comparisonConfig();
  for (const perturbation of PERSON_PERTURBATIONS) {
    const f = generatePersonPair({ rows: options.qualityRows, seed: 'bench-person', perturbation });
    const match = matchTables(f, config);
    const joined = match.pairs.filter((p) => p.confidence >= 90);
    const right = (ps: typeof joined) => ps.filter((p) => f.truth[p.secondary] === p.baseline).length;
    const truePairs = f.truth.filter((t) => t >= 0).length;
    const perturbed = joined.filter((p) => f.perturbed[p.secondary]);
    const perturbedTrue = f.truth.filter((t, i) => t >= 0 && f.perturbed[i]).length;
    const cells = [
      perturbation.padEnd(20),
      pct(right(joined) / joined.length).padStart(9),
      pct(right(joined) / truePairs).padStart(7),
      (perturbedTrue ? pct(right(perturbed) / perturbed.length) : '-').padStart(25),
      (perturbedTrue ? pct(right(perturbed) / perturbedTrue) : '-').padStart(6),
      String(match.pairs.length - joined.length).padStart(17),
      (perturbedTrue ? pct(match.pairs.filter((p) => p.confidence < 90 && f.perturbed[p.secondary] && f.truth[p.secondary] === p.baseline).length / perturbedTrue) : '-').padStart(29),
    ];
    console.log(cells.join(' | '));
  }

  const f = generatePersonPair({ rows: options.rows, seed: 'bench-person-speed', perturbation: 'nickname' });
  const identified = generatePersonPair({ rows: options.rows, seed: 'bench-person-speed', perturbation: 'none' });
  // The identifier join needs ids both files share: the carrier's Member ID put back to the SSN.
  const ssn = identified.secondary.columns.indexOf('Member ID');
  const bSsn = identified.baseline.columns.indexOf('SSN');
  identified.secondary.rows.forEach((row, i) => {
    const b = identified.truth[i]!;
    if (b >= 0) row[ssn] = identified.baseline.rows[b]![bSsn]!.replace(/-/g, '');
  });
  const match: number[] = [];
  const join: number[] = [];
  for (let run = 0; run <= options.runs; run++) {
    let t = performance.now();
    const m = matchTables(f, config);
    const matchMs = performance.now() - t;
    t = performance.now();
    compareTablesSync(identified.baseline, identified.secondary, config);
    const joinMs = performance.now() - t;
    if (run === 0) {
      console.log(`${options.rows.toLocaleString('en-US')} × ${f.secondary.rows.length.toLocaleString('en-US')} rows: ${m.scored.toLocaleString('en-US')} candidate pairs scored (blocking), ${m.pairs.length.toLocaleString('en-US')} pairs`);
      continue; // warm-up
    }
    match.push(matchMs);
    join.push(joinMs);
  }
  const mm = median(match);
  const jm = median(join);
  console.log(`person matching: median ${(mm / 1000).toFixed(2)} s (runs ${match.map((x) => (x / 1000).toFixed(2)).join(', ')})`);
  console.log(`identifier join and compare (engine): median ${(jm / 1000).toFixed(2)} s (runs ${join.map((x) => (x / 1000).toFixed(2)).join(', ')})`);
  console.log(`ratio ${(mm / jm).toFixed(2)}× (matching alone; a run by person then also joins and compares)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const small = process.argv.includes('--small');
  personMatchBench({ rows: small ? 20_000 : 100_000, qualityRows: small ? 5_000 : 20_000, runs: 3 });
}
