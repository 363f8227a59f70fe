/**
 * Reading a 100,000 × 21 workbook (the generator's baseline census, written by exceljs's streaming
 * writer with shared strings, as Excel stores text) with the upload reader (openSource + openTable:
 * our .xlsx reader, worksheet and header search, dates and numbers formatted as the user sees
 * them), beside exceljs's streaming WorkbookReader going through every row and cell of the same
 * file. Each read runs in a process of its own, the two taking turns, so that each one's peak RSS
 * is its own and both meet the same load on the machine. Prints wall and CPU seconds per read.
 *
 *   npx tsx test/bench/xlsx-bench.ts [rows] [runs]
 */
import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';
import { GENERATOR_VERSION, generatePair } from '../fixtures/generator/generate';

const GOAL = 0.4;
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Reader = 'upload' | 'exceljs';
interface ReadFigures {
  rows: number;
  cells: number;
  ms: number;
  cpuMs: number;
  maxRssBytes: number;
}

async function workbook(rows: number): Promise<string> {
  const dir = path.join(tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-xlsx`);
  const file = path.join(dir, 'baseline.xlsx');
  if (existsSync(file)) return file;
  await mkdir(dir, { recursive: true });
  const { baseline } = generatePair({ rows, seed: 'xlsx' });
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const sheet = writer.addWorksheet('Census');
  sheet.addRow(baseline.columns).commit();
  for (const row of baseline.rows) sheet.addRow(row).commit();
  await sheet.commit();
  await writer.commit();
  return file;
}

async function withUploadReader(file: string): Promise<{ rows: number; cells: number }> {
  const table = await openTable(await openSource(createReadStream(file), path.basename(file)), {});
  let rows = 0;
  let cells = 0;
  for await (const row of table.rows) {
    rows++;
    for (const cell of row) if (cell !== '') cells++;
  }
  return { rows, cells };
}

async function withExcelJs(file: string): Promise<{ rows: number; cells: number }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let rows = 0;
  let cells = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      rows++;
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.value !== null && cell.value !== '') cells++;
      });
    }
  }
  // The header row is a row to exceljs and not to the upload reader.
  return { rows: rows - 1, cells };
}

/** One read in this process, its figures printed as one JSON line. */
async function readInThisProcess(reader: Reader, file: string): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const counted = reader === 'upload' ? await withUploadReader(file) : await withExcelJs(file);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const figures: ReadFigures = { ...counted, ms, cpuMs: (used.user + used.system) / 1000, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
  process.stdout.write(JSON.stringify(figures));
}

async function readInChild(reader: Reader, file: string): Promise<ReadFigures> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.relative(ROOT, import.meta.filename), '--child', reader, file], { cwd: ROOT, maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as ReadFigures;
}

export async function xlsxBench(rows: number, runs = 3): Promise<void> {
  console.log(`\n== xlsx: reading a ${rows.toLocaleString('en-US')} × 21 workbook, the upload reader beside exceljs's streaming WorkbookReader on the same file (${runs} runs each, each read in a process of its own)`);
  const file = await workbook(rows);
  const ours: ReadFigures[] = [];
  const theirs: ReadFigures[] = [];
  for (let r = 0; r < runs; r++) {
    // Taking turns, and starting with the other one each run, spreads any change in load evenly.
    if (r % 2 === 0) {
      theirs.push(await readInChild('exceljs', file));
      ours.push(await readInChild('upload', file));
    } else {
      ours.push(await readInChild('upload', file));
      theirs.push(await readInChild('exceljs', file));
    }
  }
  const a = ours.at(-1)!;
  const b = theirs.at(-1)!;
  const line = (name: string, figures: ReadFigures[]) =>
    `${name}: median ${secs(median(figures.map((f) => f.ms)))} (${figures.map((f) => secs(f.ms)).join(', ')}); CPU ${figures.map((f) => secs(f.cpuMs)).join(', ')}; peak RSS ${figures.map((f) => mb(f.maxRssBytes)).join(', ')}`;
  console.log(`file ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB; rows read: upload reader ${a.rows}, exceljs ${b.rows}; non-empty cells ${a.cells} / ${b.cells}`);
  console.log(line('exceljs WorkbookReader', theirs));
  console.log(line('upload reader (ours)  ', ours));
  const ratio = median(ours.map((f) => f.ms)) / median(theirs.map((f) => f.ms));
  const cpuRatio = median(ours.map((f) => f.cpuMs)) / median(theirs.map((f) => f.cpuMs));
  console.log(`ratio upload reader / exceljs: ${ratio.toFixed(2)}× wall, ${cpuRatio.toFixed(2)}× CPU (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') await readInThisProcess(args[1] as Reader, args[2]!);
  else await xlsxBench(Number(args[0] ?? 100_000), Number(args[1] ?? 3));
}
