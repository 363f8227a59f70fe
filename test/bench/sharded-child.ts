/**
 * One step of the sharded-versus-whole bench (sharded.ts), in a process of its own so each step's
 * peak RSS is its own, as each task of the state machine is a Lambda of its own. Prints one JSON
 * line of figures (no row data). Steps:
 *   whole <dir>                the engine on both CSV files, as RunComparison does
 *   split <dir> <shards> <out> both files cut by key, as SplitComparison does (gzip JSON lines)
 *   shard <out> <i>            one shard through the engine, as CompareShard does
 *   merge <out> <shards>       the shards' findings joined, as MergeShards does
 * Shards go to local files here, not S3: the bench measures the compute, not the network.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { compareTables, type CompareConfig, type ComparisonResult, type Row } from '../../shared/compare';
import { SAMPLE_ROWS } from '../../shared/compare/compare-tables';
import { compareShard, withRowIndex } from '../../shared/compare-shards/compare-shard';
import { mergeShardResults } from '../../shared/compare-shards/merge-shards';
import { shardKeys } from '../../shared/compare-shards/shard-key';
import { openParsedRows } from '../../functions/lib/files';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';

const [step, ...rest] = process.argv.slice(2);
const started = performance.now();

async function csvTable(file: string) {
  const table = await openTable(await openSource(createReadStream(file), path.basename(file), Number.POSITIVE_INFINITY), {});
  return { columns: table.columns, rows: table.rows as AsyncIterable<Row> };
}

const sortedKeys = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));

/** The findings as a user reads them, in order: equal digests, equal findings (counts by type compared by name, not in the order met). */
function digest(result: ComparisonResult): string {
  const { discrepancies, missing, blank_identifiers, summary } = result;
  const counts = { ...summary, discrepancies_by_type: sortedKeys(summary.discrepancies_by_type), discrepancies_by_data_point: sortedKeys(summary.discrepancies_by_data_point) };
  return createHash('sha256').update(JSON.stringify({ discrepancies, missing, blank_identifiers, counts })).digest('hex');
}

const done = (figures: Record<string, unknown>) =>
  console.log(JSON.stringify({ ms: performance.now() - started, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...figures }));

if (step === 'whole') {
  const [dir] = rest as [string];
  const config = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
  const result = await compareTables(await csvTable(path.join(dir, 'baseline.csv')), await csvTable(path.join(dir, 'secondary.csv')), config);
  done({ digest: digest(result), findings: result.discrepancies.length + result.missing.length });
} else if (step === 'split') {
  const [dir, shardText, out] = rest as [string, string, string];
  const count = Number(shardText);
  mkdirSync(out, { recursive: true });
  const config = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
  const baseline = await csvTable(path.join(dir, 'baseline.csv'));
  const secondary = await csvTable(path.join(dir, 'secondary.csv'));
  const iterators = { baseline: baseline.rows[Symbol.asyncIterator](), secondary: secondary.rows[Symbol.asyncIterator]() };
  const samples: { baseline: Row[]; secondary: Row[] } = { baseline: [], secondary: [] };
  for (const side of ['baseline', 'secondary'] as const) {
    while (samples[side].length < SAMPLE_ROWS) {
      const next = await iterators[side].next();
      if (next.done) break;
      samples[side].push(next.value);
    }
  }
  const columns = { baseline: baseline.columns, secondary: secondary.columns };
  const keys = shardKeys(config, columns, samples, count);
  await writeFile(path.join(out, 'whole.json.gz'), gzipSync(JSON.stringify({ config, columns, samples })));
  const largest: Record<string, number> = {};
  for (const side of ['baseline', 'secondary'] as const) {
    const n = columns[side].length;
    const writers = Array.from({ length: count }, (_, i) => {
      const gzip = createGzip({ level: 1 });
      gzip.pipe(createWriteStream(path.join(out, `${side}-${i}.jsonl.gz`)));
      gzip.write(`${JSON.stringify({ format: 'dvp-parsed-rows', version: 1, worksheet_name: null, header_row_index: 0, columns: columns[side] })}\n`);
      return { gzip, chunk: '', rows: 0 };
    });
    let index = 0;
    const route = async (row: Row) => {
      const w = writers[keys[side](row)]!;
      w.chunk += `${JSON.stringify(withRowIndex(row, n, index++))}\n`;
      w.rows++;
      if (w.chunk.length >= 64 * 1024) {
        const ok = w.gzip.write(w.chunk);
        w.chunk = '';
        if (!ok) await once(w.gzip, 'drain');
      }
    };
    for (const row of samples[side]) await route(row);
    for (let r = await iterators[side].next(); !r.done; r = await iterators[side].next()) await route(r.value);
    await Promise.all(writers.map(async (w) => {
      w.gzip.end(w.chunk);
      await once(w.gzip, 'end');
    }));
    largest[side] = Math.max(...writers.map((w) => w.rows));
  }
  done({ largest_baseline_shard: largest.baseline, largest_secondary_shard: largest.secondary });
} else if (step === 'shard') {
  const [out, shardText] = rest as [string, string];
  const whole = JSON.parse(gunzipSync(await readFile(path.join(out, 'whole.json.gz'))).toString('utf8'));
  const open = async (side: string) => (await openParsedRows(createReadStream(path.join(out, `${side}-${shardText}.jsonl.gz`)))).rows;
  const result = await compareShard(whole.config, whole.columns, whole.samples, await open('baseline'), await open('secondary'));
  await writeFile(path.join(out, `result-${shardText}.json.gz`), gzipSync(JSON.stringify(result)));
  done({ baseline_rows: result.summary.baseline_rows, secondary_rows: result.summary.secondary_rows });
} else if (step === 'merge') {
  const [out, shardText] = rest as [string, string];
  const results: ComparisonResult[] = [];
  for (let i = 0; i < Number(shardText); i++) results.push(JSON.parse(gunzipSync(await readFile(path.join(out, `result-${i}.json.gz`))).toString('utf8')));
  const merged = mergeShardResults(results);
  done({ digest: digest(merged), findings: merged.discrepancies.length + merged.missing.length });
} else {
  throw new Error(`Unknown step ${step}`);
}
