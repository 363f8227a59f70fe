/**
 * One step of the sharded-versus-whole bench (sharded.ts), in a process of its own so each step's
 * peak RSS is its own, as each task of the state machine is a Lambda of its own. Prints one JSON
 * line of figures (no row data). Steps:
 *   whole <dir>                the engine on both CSV files, as RunComparison does
 *   parse <dir> <out> <n>      both CSV files stored as ParseFile stores them (parsed rows in parts),
 *                              and the split planned as SplitComparison plans it (the larger in ~<n> ranges)
 *   split-range <out> <side> <range> <shards>
 *                              one range of one file cut by key, as SplitRange does (gzip JSON lines)
 *   shard <out> <i>            one shard (its part of every range) through the engine, as CompareShard does
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
import { openParsedRows, readPartRows, writeParsedRows, type ParsedRowsPart } from '../../functions/lib/files';
import { partRanges, type PartRange } from '../../shared/compare-shards/shard-plan';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';

type Side = 'baseline' | 'secondary';
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
} else if (step === 'parse') {
  // The files as ParseFile stores them (parsed rows in parts), the plan of the split as
  // SplitComparison makes it (samples, ranges of whole parts), all in <out>.
  const [dir, out, rangesText] = rest as [string, string, string];
  mkdirSync(out, { recursive: true });
  const config = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
  const columns: Record<string, string[]> = {};
  const samples: Record<string, Row[]> = {};
  const partsOf: Record<string, ParsedRowsPart[]> = {};
  const chars: Record<string, number> = {};
  for (const side of ['baseline', 'secondary'] as const) {
    const parts: ParsedRowsPart[] = [];
    const file = path.join(out, `${side}.jsonl.gz`);
    const summary = await writeParsedRows(createReadStream(path.join(dir, `${side === 'baseline' ? 'baseline' : 'secondary'}.csv`)), `${side}.csv`, createWriteStream(file), {
      onPart: (p) => parts.push(p),
    });
    columns[side] = summary.columns;
    const opened = await openParsedRows(createReadStream(file));
    samples[side] = [];
    for await (const row of opened.rows) if (samples[side].push(row) >= SAMPLE_ROWS) break;
    partsOf[side] = parts;
    chars[side] = parts.reduce((n, p) => n + p.chars, 0);
  }
  // The larger file in about <ranges> ranges, as SplitComparison cuts a file many times larger.
  const splitChars = Math.ceil(Math.max(chars.baseline!, chars.secondary!) / Number(rangesText));
  const ranges = { baseline: partRanges(partsOf.baseline!, splitChars), secondary: partRanges(partsOf.secondary!, splitChars) };
  await writeFile(path.join(out, 'whole.json.gz'), gzipSync(JSON.stringify({ config, columns, samples })));
  await writeFile(path.join(out, 'ranges.json'), JSON.stringify(ranges));
  done({ ranges: { baseline: ranges.baseline.length, secondary: ranges.secondary.length }, chars });
} else if (step === 'split-range') {
  // One range of one file cut into the shards, as SplitRange does: one part file per shard.
  const [out, side, rangeText, shardText] = rest as [Side, Side, string, string];
  const count = Number(shardText);
  const range = (JSON.parse(await readFile(path.join(out, 'ranges.json'), 'utf8')) as Record<Side, PartRange[]>)[side][Number(rangeText)]!;
  const whole = JSON.parse(gunzipSync(await readFile(path.join(out, 'whole.json.gz'))).toString('utf8'));
  const key = shardKeys(whole.config, whole.columns, whole.samples, count)[side];
  const n = whole.columns[side].length;
  const writers = Array.from({ length: count }, (_, i) => {
    const gzip = createGzip({ level: 1 });
    gzip.pipe(createWriteStream(path.join(out, `${side}-${i}-r${rangeText}.jsonl.gz`)));
    gzip.write(`${JSON.stringify({ format: 'dvp-parsed-rows', version: 1, worksheet_name: null, header_row_index: 0, columns: whole.columns[side] })}\n`);
    return { gzip, chunk: '', rows: 0 };
  });
  let index = range.first_row;
  for await (const row of readPartRows(createReadStream(path.join(out, `${side}.jsonl.gz`), { start: range.start, end: range.end - 1 }))) {
    const w = writers[key(row)]!;
    w.chunk += `${JSON.stringify(withRowIndex(row, n, index++))}\n`;
    w.rows++;
    if (w.chunk.length >= 64 * 1024) {
      const ok = w.gzip.write(w.chunk);
      w.chunk = '';
      if (!ok) await once(w.gzip, 'drain');
    }
  }
  await Promise.all(
    writers.map(async (w) => {
      w.gzip.end(w.chunk);
      await once(w.gzip, 'end');
    }),
  );
  done({ rows: index - range.first_row, largest_shard_part: Math.max(...writers.map((w) => w.rows)) });
} else if (step === 'shard') {
  const [out, shardText] = rest as [string, string];
  const whole = JSON.parse(gunzipSync(await readFile(path.join(out, 'whole.json.gz'))).toString('utf8'));
  const ranges = JSON.parse(await readFile(path.join(out, 'ranges.json'), 'utf8')) as Record<Side, PartRange[]>;
  // The shard's part from every range of the side, in file order, as CompareShard reads them.
  async function* open(side: Side) {
    for (let r = 0; r < ranges[side].length; r++) yield* (await openParsedRows(createReadStream(path.join(out, `${side}-${shardText}-r${r}.jsonl.gz`)))).rows;
  }
  const result = await compareShard(whole.config, whole.columns, whole.samples, open('baseline'), open('secondary'));
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
