/**
 * Reading a 100,000 × 21 workbook (the generator's baseline census, written by exceljs's streaming
 * writer with shared strings, as Excel stores text) with the upload reader (openSource + openTable:
 * worksheet and header search, dates and numbers formatted as the user sees them), beside exceljs's
 * streaming WorkbookReader going through every row and cell of the same file. Seconds per run.
 */
import ExcelJS from 'exceljs';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';
import { GENERATOR_VERSION, generatePair } from '../fixtures/generator/generate';

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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

export async function xlsxBench(rows: number, runs = 3): Promise<void> {
  console.log(`\n== xlsx: reading a ${rows.toLocaleString('en-US')} × 21 workbook, the upload reader beside exceljs's streaming WorkbookReader on the same file (${runs} runs each)`);
  const file = await workbook(rows);
  const ours: number[] = [];
  const theirs: number[] = [];
  let a = { rows: 0, cells: 0 };
  let b = { rows: 0, cells: 0 };
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    a = await withUploadReader(file);
    ours.push(performance.now() - t);
    t = performance.now();
    b = await withExcelJs(file);
    theirs.push(performance.now() - t);
  }
  console.log(`file ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB; rows read: upload reader ${a.rows}, exceljs ${b.rows}; non-empty cells ${a.cells} / ${b.cells}`);
  console.log(`upload reader: median ${secs(median(ours))} (${ours.map(secs).join(', ')})`);
  console.log(`exceljs WorkbookReader: median ${secs(median(theirs))} (${theirs.map(secs).join(', ')})`);
  console.log(`ratio upload reader / exceljs: ${(median(ours) / median(theirs)).toFixed(2)}× (goal ≤ 0.4×)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await xlsxBench(Number(process.argv[2] ?? 100_000), Number(process.argv[3] ?? 3));
}
