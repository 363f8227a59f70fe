/**
 * Guardian row-based conversion of 100,000 members: a generated export (title rows, several
 * coverages per member, dependents under their employee) converted the way the convert route does
 * it (streamed from the file into an .xlsx written to a temporary file), printing input rows/s,
 * members/s and the peak RSS of the process and its growth during the conversion.
 *
 *   npx tsx --expose-gc test/bench/guardian-bench.ts [members]      (also part of `npm run bench`)
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { convertToTempFile } from '../../functions/lib/carrier-file-conversions/guardian-file';
import { guardianFamilies, guardianHeader, TITLE_ROWS } from '../fixtures/generator/guardian-row-based';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const line = (row: readonly string[]) => `${row.map(csvCell).join(',')}\r\n`;

/** Writes families until `members` members are in the file; answers the counts written. */
async function writeExport(file: string, members: number) {
  const out = createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  for (const row of TITLE_ROWS) await write(line(row));
  await write(line(guardianHeader()));
  let written = 0;
  let rows = 0;
  let expected = 0;
  for (const family of guardianFamilies({ families: Number.MAX_SAFE_INTEGER, seed: 'guardian-bench' })) {
    let chunk = '';
    for (const row of family.original) chunk += line(row);
    await write(chunk);
    written += family.members;
    rows += family.original.length;
    expected += family.expected.length;
    if (written >= members) break;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { members: written, rows, expected };
}

export async function guardianBench(members = 100_000): Promise<void> {
  console.log(`\n== Guardian row-based conversion: ${members.toLocaleString('en-US')} members`);
  const dir = await mkdtemp(path.join(tmpdir(), 'guardian-bench-'));
  try {
    const file = path.join(dir, 'guardian.csv');
    const made = await writeExport(file, members);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const converted = await convertToTempFile(createReadStream(file), 'guardian.csv');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const { counts } = converted.summary;
    const outSize = (await stat(converted.file)).size;
    await converted.cleanup();
    if (counts.members !== made.members || counts.rows_written !== made.expected) {
      throw new Error(`conversion counts differ from the file: ${JSON.stringify(counts)} vs ${JSON.stringify(made)}`);
    }
    console.log(
      `CSV ${mb((await stat(file)).size)} → xlsx ${mb(outSize)}: ${counts.rows_read.toLocaleString('en-US')} rows (${counts.members.toLocaleString('en-US')} members, ` +
        `${counts.dependents.toLocaleString('en-US')} dependents, ${counts.coverage_lines.toLocaleString('en-US')} coverage lines) in ${seconds.toFixed(1)} s: ` +
        `${Math.round(counts.rows_read / seconds).toLocaleString('en-US')} rows/s, ${Math.round(counts.members / seconds).toLocaleString('en-US')} members/s; ` +
        `peak RSS ${mb(peak)} (+${mb(peak - before)} during the conversion)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await guardianBench(Number(process.argv[2] ?? 100_000));
}
