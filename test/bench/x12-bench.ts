/**
 * The 834 reader on 100,000 members: an 834 written from a generated carrier table (one INS loop
 * per row) and the same table as CSV, each read through writeParsedRows (what the parse job runs),
 * printing rows/s and the RSS growth of each; the CSV is the anchor measured in the same run.
 *
 *   npx tsx --expose-gc test/bench/x12-bench.ts [members]      (also part of `npm run bench`)
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { writeParsedRows } from '../../functions/lib/files';
import { generatePair } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { writeX12834 } from '../fixtures/generator/x12-834';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function measure(file: string, name: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const started = performance.now();
  const summary = await writeParsedRows(createReadStream(file), name, sink);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { rows: summary.row_count, seconds, growth: peak - before, size: (await stat(file)).size };
}

export async function x12Bench(members = 100_000): Promise<void> {
  console.log(`\n== 834 reader: ${members.toLocaleString('en-US')} members (one INS loop each), against the same table as CSV`);
  const dir = await mkdtemp(path.join(tmpdir(), 'x12-bench-'));
  try {
    const table = generatePair({ rows: members, seed: 'x12-bench' }).secondary;
    const x12 = path.join(dir, 'enrollment.834');
    const csv = path.join(dir, 'enrollment.csv');
    await writeFile(x12, writeX12834(table, { lineBreak: '\n' }));
    let text = csvLine(table.columns);
    for (const row of table.rows) text += csvLine(row);
    await writeFile(csv, text);
    for (const [label, file, name] of [['CSV (anchor)', csv, 'enrollment.csv'], ['834', x12, 'enrollment.834']] as const) {
      const m = await measure(file, name);
      console.log(`${label.padEnd(13)} ${mb(m.size).padStart(9)}: ${m.rows.toLocaleString('en-US')} rows in ${m.seconds.toFixed(1)} s, ${Math.round(m.rows / m.seconds).toLocaleString('en-US')} rows/s, RSS +${mb(m.growth)}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await x12Bench(Number(process.argv[2] ?? 100_000));
}
