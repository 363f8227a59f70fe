/**
 * Runs one comparison of CSV files from a generated fixture directory and prints one JSON line of
 * figures (no row data). Started by run.ts with a fixed heap limit. Each file is read by the upload
 * reader in a worker thread of its own (table-worker.ts), so reading and the engine share both
 * cores, as DuckDB's threads do in the anchor. With `--main-thread` both files are read on the
 * main thread instead, one after the other.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compareTables, type CompareConfig, type Table } from '../../shared/compare';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';
import { openTableInWorker, prepareTableWorker, type WorkerTable } from './table-worker';

const dir = process.argv[2]!;
const mainThread = process.argv.includes('--main-thread');
let peakHeap = 0;
const sample = () => {
  const used = process.memoryUsage().heapUsed;
  if (used > peakHeap) peakHeap = used;
};
const timer = setInterval(sample, 25);

/** The batches of `source`, sampling the heap every 8th: reading its figures costs more than a batch's rows do. */
async function* sampling<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  let n = 0;
  for await (const batch of source) {
    if (++n % 8 === 0) sample();
    yield batch;
  }
}

/** Samples the heap once a batch too, since timers may not get a turn while rows stream. */
function sampled(table: Table): Table {
  if (!table.batches) return table;
  return {
    columns: table.columns,
    rows: table.rows,
    batches: sampling(table.batches),
    ...(table.packed ? { packed: sampling(table.packed) } : {}),
  };
}

async function onMainThread(file: string): Promise<Table> {
  const table = await openTable(await openSource(createReadStream(file), path.basename(file), Number.POSITIVE_INFINITY), {});
  return { columns: table.columns, rows: table.rows };
}

const config = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
const open = mainThread ? onMainThread : openTableInWorker;
if (!mainThread) await prepareTableWorker();
const started = performance.now();
const [baseline, secondary] = await Promise.all([open(path.join(dir, 'baseline.csv')), open(path.join(dir, 'secondary.csv'))]);
const result = await compareTables(sampled(baseline), sampled(secondary), config);
const ms = performance.now() - started;
/** Time the engine waited for the workers' rows, so its own share can be told apart (not counted on the main thread). */
const parseMs = mainThread ? 0 : (baseline as WorkerTable).waitedMs() + (secondary as WorkerTable).waitedMs();
sample();
// Keys repeated on either side, each counted once, as the reference anchor counts them: a key's
// repeats all name the first row with that key.
const duplicateKeys = new Set<string>();
for (const m of result.missing) if (m.kind === 'DUPLICATE') duplicateKeys.add(m.baseline_row_index !== null ? `b${m.baseline_row_index}` : `s${m.secondary_row_index}`);
clearInterval(timer);
process.stdout.write(
  JSON.stringify({
    ms,
    parseMs,
    peakHeapBytes: peakHeap,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    heapLimitBytes: (await import('node:v8')).getHeapStatistics().heap_size_limit,
    summary: { ...result.summary, discrepancies_by_data_point: undefined, duplicate_keys: duplicateKeys.size },
  }) + '\n',
);
