// Parses a generated 200k-row .xlsx through writeParsedRows and prints rows/s and peak RSS.
// A figure to watch, not an assertion: streaming should keep RSS roughly flat as rows grow.
// Run: npx tsx test/bench/parse-bench.ts [rows]
import ExcelJS from 'exceljs';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { writeParsedRows } from '../../functions/lib/files';

const rows = Number(process.argv[2] ?? 200_000);
const dir = await mkdtemp(path.join(tmpdir(), 'parse-bench-'));
const file = path.join(dir, 'census.xlsx');

// Written with exceljs's streaming writer so generating the fixture does not inflate the figure.
const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
const cover = writer.addWorksheet('Read me');
cover.addRow(['Generated enrollment census for the parse benchmark']).commit();
await cover.commit();
const sheet = writer.addWorksheet('Census');
sheet.addRow(['Acme Corp Enrollment Report']).commit();
sheet.addRow([]).commit();
sheet.addRow(['SSN', 'First Name', 'Last Name', 'DOB', 'Plan', 'Tier', 'Premium', 'Zip']).commit();
for (let i = 0; i < rows; i += 1) {
  const row = sheet.addRow([
    100_000_000 + i,
    `First${i % 5000}`,
    `Last${i % 7919}`,
    new Date(Date.UTC(1950 + (i % 50), i % 12, 1 + (i % 28))),
    i % 3 === 0 ? 'PPO' : 'HMO',
    ['EE', 'ES', 'EC', 'FAM'][i % 4],
    Math.round(i % 1000) / 4,
    String(i % 99999).padStart(5, '0'),
  ]);
  row.getCell(4).numFmt = 'mm/dd/yyyy';
  row.commit();
}
await sheet.commit();
await writer.commit();
const size = (await stat(file)).size;

global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

let gzippedBytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    gzippedBytes += chunk.length;
    done();
  },
});
const started = performance.now();
const summary = await writeParsedRows(createReadStream(file), 'census.xlsx', sink);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
await rm(dir, { recursive: true, force: true });

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`xlsx ${mb(size)}, ${summary.row_count} rows (sheet ${summary.worksheet_name}, header row ${summary.header_row_index + 1})`);
console.log(`parse+gzip: ${seconds.toFixed(1)} s, ${Math.round(summary.row_count / seconds).toLocaleString('en-US')} rows/s, output ${mb(gzippedBytes)}`);
console.log(`RSS before parse ${mb(baseline)}, peak during parse ${mb(peak)} (+${mb(peak - baseline)})`);
