/**
 * Runs one comparison of CSV files from a generated fixture directory, streaming both files, and
 * prints one JSON line of figures (no row data). Started by run.ts with a fixed heap limit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compareTables, type CompareConfig, type Row, type Table } from '../../shared/compare';
import { csvTable } from './csv-table';

const dir = process.argv[2]!;
let peakHeap = 0;
/** Time spent waiting for the CSV parser, so the engine's own share can be told apart. */
let parseMs = 0;
const sample = () => {
  const used = process.memoryUsage().heapUsed;
  if (used > peakHeap) peakHeap = used;
};
const timer = setInterval(sample, 25);

/** Samples the heap every 20,000 rows too, since timers may not get a turn while rows stream. */
function sampled(table: Table): Table {
  const source = table.rows as AsyncIterable<Row>;
  return {
    columns: table.columns,
    rows: {
      async *[Symbol.asyncIterator]() {
        const it = source[Symbol.asyncIterator]();
        for (let n = 1; ; n++) {
          const t = performance.now();
          const next = await it.next();
          parseMs += performance.now() - t;
          if (next.done) return;
          if (n % 20_000 === 0) sample();
          yield next.value;
        }
      },
    },
  };
}

const config = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
const started = performance.now();
const result = await compareTables(
  sampled(await csvTable(path.join(dir, 'baseline.csv'))),
  sampled(await csvTable(path.join(dir, 'secondary.csv'))),
  config,
);
const ms = performance.now() - started;
sample();
clearInterval(timer);
process.stdout.write(
  JSON.stringify({
    ms,
    parseMs,
    peakHeapBytes: peakHeap,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    heapLimitBytes: (await import('node:v8')).getHeapStatistics().heap_size_limit,
    summary: { ...result.summary, discrepancies_by_data_point: undefined },
  }) + '\n',
);
