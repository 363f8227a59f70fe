/**
 * The full-file 834 export's memory: a generated census (CSV on disk, read again for each pass as
 * the export reads the stored file) written as a full-file 834 (maintenance 030) through the
 * export's path (shared/carrier-files/x12-834-writer-members.ts, the writer, the streamed
 * interchange) into a sink, in a process of its own per size; prints the peak RSS, the peak heap,
 * the time and the passes over the rows. Flat memory means the same peak at every size.
 *
 * The default sizes are the census rows of about 50,000 and 200,000 members, as generated (a member's
 * lines close together), then the first listed by coverage (every medical line, then every dental
 * one…), which takes more passes.
 *
 *   npx tsx test/bench/x12-writer-bench.ts [rows...]      (also part of `npm run bench`)
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { write834Interchange } from '../../functions/lib/export/x12-834-file';
import { parseFile } from '../../functions/lib/files';
import { x12ColumnsOf, x12ValuesOf } from '../../shared/carrier-files/x12-834-columns';
import { transactionSegments, type X12Line } from '../../shared/carrier-files/x12-834-writer';
import { membersOf } from '../../shared/carrier-files/x12-834-writer-members';
import { GENERATOR_VERSION } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHILD_HEAP_MB = 256;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface Figures {
  rows: number;
  members: number;
  passes: number;
  bytes: number;
  seconds: number;
  startRss: number;
  peakRss: number;
  peakHeap: number;
}

/** In the child: the census at `csv` written as a full-file 834, measured. */
async function writeMeasured(csv: string): Promise<Figures> {
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 10);
  let rows = 0;
  let members = 0;
  let passes = 0;
  let bytes = 0;
  const started = performance.now();
  async function* lines(): AsyncGenerator<X12Line> {
    passes++;
    const parsed = await parseFile(createReadStream(csv), 'baseline.csv');
    const columns = x12ColumnsOf(parsed.columns);
    let read = 0;
    for await (const row of parsed.rows) {
      read++;
      yield { values: x12ValuesOf(row, columns), maintenance: '030' };
    }
    rows = Math.max(rows, read);
  }
  async function* counted(source: AsyncIterable<X12Line[]>) {
    for await (const member of source) {
      members++;
      yield member;
    }
  }
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const at = new Date('2026-01-15T10:30:00Z');
  await write834Interchange(sink, transactionSegments(counted(membersOf(lines)), { sponsor: 'Bench Employer', payer: 'Bench Carrier', reference: 'BENCH', at, full: true }), {
    controlNumber: 1,
    sender: 'Bench Employer',
    receiver: 'Bench Carrier',
    at,
  });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  // The kernel's high-water mark of this process (kilobytes), which no sampling can miss.
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return { rows, members, passes, bytes, seconds, startRss, peakRss, peakHeap };
}

function run(args: string[], heapMb: number, pipeOut: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--expose-gc', '--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', pipeOut ? 'pipe' : 'ignore', 'inherit'] });
    let out = '';
    p.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

/** The census listed by coverage: its rows sorted by the benefit type column (stable). */
async function byCoverage(csv: string, out: string): Promise<void> {
  const parsed = await parseFile(createReadStream(csv), 'baseline.csv');
  const line = x12ColumnsOf(parsed.columns).get('Benefit Type')!;
  const rows: string[][] = [];
  for await (const row of parsed.rows) rows.push(row.map((c) => String(c ?? '')));
  rows.sort((a, b) => (a[line]! < b[line]! ? -1 : a[line]! > b[line]! ? 1 : 0));
  await writeFile(out, [csvLine(parsed.columns), ...rows.map(csvLine)].join(''));
}

export async function x12WriterBench(runs: ReadonlyArray<{ rows: number; byCoverage?: boolean }> = [{ rows: 92_000 }, { rows: 368_000 }, { rows: 92_000, byCoverage: true }]): Promise<void> {
  console.log(`\n== 834 full-file export (030): peak memory while writing, each size in a process of its own (heap limit ${CHILD_HEAP_MB} MB)`);
  for (const { rows, byCoverage: sorted } of runs) {
    const dir = path.join(tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-x12-writer`);
    if (!existsSync(path.join(dir, 'baseline.csv'))) {
      await run(['test/fixtures/generator/cli.ts', '--rows', String(rows), '--seed', 'x12-writer', '--out', dir, '--format', 'csv', '--error-rate', '0'], 8192, false);
    }
    let csv = path.join(dir, 'baseline.csv');
    if (sorted) {
      const out = path.join(dir, 'baseline-by-coverage.csv');
      if (!existsSync(out)) await byCoverage(csv, out);
      csv = out;
    }
    // A small heap, so the peak is what the writer needs rather than what the collector let pile up.
    const out = await run(['test/bench/x12-writer-bench.ts', '--child', csv], CHILD_HEAP_MB, true);
    const f = JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
    console.log(
      `${f.rows.toLocaleString('en-US').padStart(9)} rows${sorted ? ' by coverage' : ''}, ${f.members.toLocaleString('en-US')} members: ${mb(f.bytes)} of 834 in ${f.seconds.toFixed(1)} s (${f.passes} passes over the rows), peak RSS ${mb(f.peakRss)} (${mb(f.startRss)} before writing), peak heap ${mb(f.peakHeap)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--child');
  if (at >= 0) console.log(JSON.stringify(await writeMeasured(process.argv[at + 1]!)));
  else {
    const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
    await x12WriterBench(sizes.length ? sizes.map((rows) => ({ rows })) : undefined);
  }
}
